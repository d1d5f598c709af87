import { texts } from "@mx/shared/messages";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { isBankCheckCancelled } from "../../../components/bank-check/confirm-with-bank";
import { PaymentBankCheck } from "../../../components/payment/pay-panel";
import { usePayment } from "../../../components/payment/use-payment";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { PageSpinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { useConfig } from "../../../lib/payment-config";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useCreateCheckoutSession } from "../api/create-checkout-session";
import { usePaypalCheckout } from "../api/paypal-checkout";
import { CheckoutCart } from "../components/checkout-cart";
import { CheckoutForm } from "../components/checkout-form";
import { PaypalCheckoutStep } from "../components/paypal-checkout-step";
import { ChevronLeftIcon } from "../components/shop-icons";
import { shopCopy } from "../copy";
import { useCheckoutEmail } from "../use-checkout-email";
import { useCheckoutLines } from "../use-checkout-lines";

// Each provider's payment form is fetched only when the server names it: Stripe's Embedded Checkout, or the
// sandbox's stand-in for it.
const StripeEmbeddedCheckout = lazy(() => import("../components/stripe-embedded-checkout"));
const SandboxPaymentForm = lazy(() => import("../../../sandbox/shop/payment-form"));

/**
 * /checkout: the cart lines on the left, the 'Checkout' form on the right. With
 * `?buyNow={id}&quantity={n}` that product is put in the stored cart at that quantity, and the whole cart is
 * checked out: the lines the cart badge counts are never hidden. Once a checkout session exists the payment form
 * replaces the page (its saved cards or a new card are chosen there); PayPal's address step replaces it the same
 * way, and PayPal's approval runs as the payment's bank check.
 */
export function CheckoutRoute() {
  useDocumentTitle(texts.checkout);
  const email = useCheckoutEmail();
  const { lines, subtotal, isEmpty, lineItems, change } = useCheckoutLines();
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  // PayPal's address step: where the goods go, before PayPal is asked.
  const [isPaypalStep, setIsPaypalStep] = useState(false);
  const session = useCreateCheckoutSession();
  const payment = usePayment({ chooseCard: false });
  const paypal = usePaypalCheckout(payment.bank.confirmWithBank);
  const isBusy = session.isPending || paypal.isPending;
  const paypalError =
    paypal.isError && !isBankCheckCancelled(paypal.error)
      ? errorMessage(paypal.error, shopCopy.sessionFailed)
      : null;

  /** Pay Now (the card form), or PayPal: the same checks on the e-mail and the lines first. */
  const pay = (withPaypal: boolean) => {
    if (isEmpty || isBusy) return;
    if (!email.check()) return;
    if (withPaypal) {
      paypal.reset();
      setIsPaypalStep(true);
      return;
    }
    session.mutate(
      { customerEmail: email.email.trim(), line_items: lineItems },
      { onSuccess: setClientSecret },
    );
  };

  if (isPaypalStep && !isEmpty) {
    return (
      <PaypalCheckoutStep
        email={email.email.trim()}
        lines={lines}
        subtotalCents={subtotal}
        lineItems={lineItems}
        payment={payment}
        paypal={paypal}
        error={paypalError}
        onBack={() => {
          setIsPaypalStep(false);
          paypal.reset();
        }}
      />
    );
  }

  if (clientSecret) {
    return (
      <PaymentStep
        clientSecret={clientSecret}
        onBack={() => {
          setClientSecret(null);
          session.reset();
        }}
      />
    );
  }

  return (
    <div className="shop-page checkout">
      <CheckoutCart lines={lines} disabled={isBusy} onChange={change} />
      <CheckoutForm
        email={email}
        subtotalCents={subtotal}
        isEmpty={isEmpty}
        isBusy={isBusy}
        isCreatingSession={session.isPending}
        sessionError={session.isError ? errorMessage(session.error, shopCopy.sessionFailed) : null}
        paypalError={paypalError}
        onPay={pay}
      >
        <PaymentBankCheck payment={payment} />
      </CheckoutForm>
    </div>
  );
}

/** The embedded payment form in place of the page: Stripe's Embedded Checkout, or the sandbox's own form. */
function PaymentStep({ clientSecret, onBack }: { clientSecret: string; onBack: () => void }) {
  const config = useConfig();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div className="shop-page payment-step">
      <div className="payment-step__header">
        <button type="button" className="payment-step__back" onClick={onBack}>
          <ChevronLeftIcon size={20} />
          {shopCopy.backToCart}
        </button>
        <h1 ref={headingRef} tabIndex={-1} className="payment-step__title">
          {shopCopy.payment}
        </h1>
      </div>
      {config.isPending ? <PageSpinner /> : null}
      {config.isError ? (
        <div className="payment-step__retry">
          <ErrorBox>{errorMessage(config.error, shopCopy.paymentUnavailable)}</ErrorBox>
          <Button variant="secondary" onClick={() => void config.refetch()} busy={config.isFetching}>
            {shopCopy.tryAgain}
          </Button>
        </div>
      ) : null}
      {config.data?.paymentProvider === "stripe" ? (
        <Suspense fallback={<PageSpinner />}>
          <StripeEmbeddedCheckout publishableKey={config.data.publishableKey} clientSecret={clientSecret} />
        </Suspense>
      ) : null}
      {config.data?.paymentProvider === "sandbox" ? (
        <Suspense fallback={<PageSpinner />}>
          <SandboxPaymentForm clientSecret={clientSecret} />
        </Suspense>
      ) : null}
    </div>
  );
}
