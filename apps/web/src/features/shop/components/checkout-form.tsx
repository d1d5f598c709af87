import { texts } from "@mx/shared/messages";
import { formatCents } from "@mx/shared/money";
import type { ReactNode } from "react";
import { PayWithPaypal } from "../../../components/paypal/pay-with-paypal";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { TextField } from "../../../components/ui/text-field";
import { shopCopy } from "../copy";
import type { CheckoutEmail } from "../use-checkout-email";

interface CheckoutFormProps {
  email: CheckoutEmail;
  subtotalCents: number;
  isEmpty: boolean;
  /** A checkout session or a PayPal checkout is under way. */
  isBusy: boolean;
  /** The checkout session is being made (Pay Now's own wheel). */
  isCreatingSession: boolean;
  /** The checkout session's refusal, shown above the buttons. */
  sessionError: string | null;
  /** PayPal's refusal (not a check the player gave up), under the session's. */
  paypalError: string | null;
  /** Pay Now (the card form), or PayPal. */
  onPay: (withPaypal: boolean) => void;
  /** The bank's check, while PayPal waits for it. */
  children?: ReactNode;
}

/** The checkout's right side, 'Checkout': the e-mail, the subtotal, Pay Now and PayPal. */
export function CheckoutForm({
  email,
  subtotalCents,
  isEmpty,
  isBusy,
  isCreatingSession,
  sessionError,
  paypalError,
  onPay,
  children,
}: CheckoutFormProps) {
  const { ids, error } = email;
  return (
    <form
      className="checkout__form"
      onSubmit={(event) => {
        event.preventDefault();
        onPay(false);
      }}
      noValidate
      aria-labelledby="checkout-title"
    >
      <h2 id="checkout-title" className="checkout__form-title">
        {texts.checkout}
      </h2>
      <TextField
        id={ids.email}
        label={texts.email}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        placeholder="name@example.com"
        value={email.email}
        onChange={(event) => email.change(event.target.value)}
        onBlur={email.blur}
        aria-invalid={error ? true : undefined}
        aria-errormessage={error ? ids.emailError : undefined}
        disabled={isBusy}
        hint={shopCopy.emailHint}
      />
      {error ? (
        <p id={ids.emailError} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="checkout__subtotal">
        <span>{shopCopy.subtotal}</span>
        <span data-testid="subtotal">{formatCents(subtotalCents)}</span>
      </div>
      <p className="checkout__note">{texts.checkoutNote}</p>
      {sessionError ? <ErrorBox>{sessionError}</ErrorBox> : null}
      {paypalError ? <ErrorBox>{paypalError}</ErrorBox> : null}
      <Button type="submit" block className="btn--large" disabled={isEmpty} busy={isCreatingSession}>
        {isCreatingSession ? shopCopy.creatingSession : texts.payNow}
      </Button>
      <PayWithPaypal disabled={isEmpty || isBusy} onClick={() => onPay(true)} />
      {children}
    </form>
  );
}
