import { texts } from "@mx/shared/messages";
import { formatCents } from "@mx/shared/money";
import { paths } from "@mx/shared/routes";
import { findProduct } from "@mx/shared/shop";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { BankCheckDialog } from "../../../components/bank-check/bank-check-dialog";
import { isBankCheckCancelled } from "../../../components/bank-check/confirm-with-bank";
import { useBankCheck } from "../../../components/bank-check/use-bank-check";
import { PayWithPaypal } from "../../../components/paypal/pay-with-paypal";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { PageSpinner } from "../../../components/ui/spinner";
import { TextField } from "../../../components/ui/text-field";
import { errorMessage } from "../../../lib/api-client";
import { getProfile, profileQueryKey } from "../../../lib/current-profile";
import { useConfig } from "../../../lib/payment-config";
import { hasSession } from "../../../lib/session";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useCreateCheckoutSession } from "../api/create-checkout-session";
import { usePaypalCheckout } from "../api/paypal-checkout";
import {
  type CartLine,
  decrementLine,
  incrementLine,
  pricedLines,
  readBuyNow,
  removeLine,
  setLineQuantity,
  subtotalCents,
} from "../cart";
import { CartLineRow } from "../components/cart-line-row";
import { PaypalAddressStep } from "../components/paypal-address-step";
import { ChevronLeftIcon } from "../components/shop-icons";
import { shopCopy } from "../copy";
import { useCart } from "../use-cart";

// Each provider's payment form is fetched only when the server names it: Stripe's Embedded Checkout, or the
// sandbox's stand-in for it.
const StripeEmbeddedCheckout = lazy(() => import("../components/stripe-embedded-checkout"));
const SandboxPaymentForm = lazy(() => import("../../../sandbox/shop/payment-form"));

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function emailProblem(email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed) return shopCopy.emailRequired;
  return EMAIL_PATTERN.test(trimmed) ? null : shopCopy.emailInvalid;
}

/**
 * /checkout: the cart lines on the left, the 'Checkout' form on the right. With
 * `?buyNow={id}&quantity={n}` that product is put in the stored cart at that quantity, and the whole cart is
 * checked out: the lines the cart badge counts are never hidden. Once a checkout session exists the payment form replaces the page.
 */
export function CheckoutRoute() {
  useDocumentTitle(texts.checkout);
  const [params, setParams] = useSearchParams();
  const buyNow = readBuyNow(params);
  const { cart, update } = useCart();
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  // PayPal's address step: where the goods go, before PayPal is asked.
  const [isPaypalStep, setIsPaypalStep] = useState(false);
  const session = useCreateCheckoutSession();
  const bank = useBankCheck();
  const paypal = usePaypalCheckout(bank.confirmWithBank);
  const navigate = useNavigate();
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const ids = { email: useId(), emailError: useId() };

  // A signed-in player's e-mail is filled in; they may still change it.
  const profile = useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => getProfile(signal),
    enabled: hasSession(),
  });
  const profileEmail = profile.data?.email;
  useEffect(() => {
    if (profileEmail) setEmail((current) => current || profileEmail);
  }, [profileEmail]);

  const buyNowId = buyNow?.id;
  const buyNowQuantity = buyNow?.quantity;
  // The Buy Now line goes into the stored cart at the link's quantity.
  useEffect(() => {
    if (buyNowId === undefined || buyNowQuantity === undefined || !findProduct(buyNowId)) return;
    update((current) => setLineQuantity(current, buyNowId, buyNowQuantity));
  }, [buyNowId, buyNowQuantity, update]);

  // Unknown ids are dropped, from storage too.
  useEffect(() => {
    if (cart.some((line) => !findProduct(line.id))) {
      update((current) => current.filter((line) => findProduct(line.id)));
    }
  }, [cart, update]);

  // The whole cart, with the Buy Now line at the link's quantity: nothing the cart badge counts is hidden.
  const shown = buyNow && findProduct(buyNow.id) ? setLineQuantity(cart, buyNow.id, buyNow.quantity) : cart;
  const lines = pricedLines(shown);
  const subtotal = subtotalCents(lines);
  const isEmpty = lines.length === 0;
  const lineItems = lines.map(({ product, line }) => ({ price: product.priceId, quantity: line.quantity }));
  const isBusy = session.isPending || paypal.isPending;

  /** A change to one line: saved to the stored cart; on a Buy Now page the link follows the new quantity. */
  const change = (id: number, apply: (lines: CartLine[]) => CartLine[]) => {
    update(apply);
    if (!buyNow || id !== buyNow.id) return;
    const line = apply(shown).find((l) => l.id === id);
    const next = line ? { buyNow: String(id), quantity: String(line.quantity) } : undefined;
    setParams(new URLSearchParams(next), { replace: true });
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    pay(false);
  };

  /** Pay Now (the card form), or PayPal: the same checks on the e-mail and the lines first. */
  const pay = (withPaypal: boolean) => {
    if (isEmpty || isBusy) return;
    const problem = emailProblem(email);
    setEmailError(problem);
    if (problem) {
      document.getElementById(ids.email)?.focus();
      return;
    }
    const body = { customerEmail: email.trim(), line_items: lineItems };
    if (withPaypal) {
      paypal.reset();
      setIsPaypalStep(true);
      return;
    }
    session.mutate(body, { onSuccess: setClientSecret });
  };

  if (isPaypalStep && !isEmpty) {
    return (
      <>
        <PaypalAddressStep
          email={email.trim()}
          lines={lines.map(({ product, line }) => ({
            name: product.name,
            unitAmountCents: product.priceCents,
            quantity: line.quantity,
          }))}
          subtotalCents={subtotal}
          busy={paypal.isPending}
          error={
            paypal.isError && !isBankCheckCancelled(paypal.error)
              ? errorMessage(paypal.error, shopCopy.sessionFailed)
              : null
          }
          onBack={() => {
            setIsPaypalStep(false);
            paypal.reset();
          }}
          onPay={(shipping) =>
            // Approved and captured: the return page shows the paid checkout as it does a card's.
            paypal.mutate(
              {
                customerEmail: email.trim(),
                line_items: lineItems,
                ...shipping,
              },
              {
                onSuccess: (checkoutId) =>
                  void navigate(`${paths.return}?session_id=${encodeURIComponent(checkoutId)}`),
              },
            )
          }
        />
        {bank.view ? (
          <BankCheckDialog view={bank.view} onAnswered={bank.answer} onCancel={bank.cancel} />
        ) : null}
      </>
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
      <section className="checkout__cart" aria-labelledby="cart-title">
        <h1 id="cart-title" className="checkout__heading">
          {shopCopy.yourCart}
        </h1>
        {isEmpty ? (
          <div className="checkout__empty">
            <p>{texts.emptyCart}</p>
            <Link className="btn btn--secondary" to={paths.shop}>
              {shopCopy.continueShopping}
            </Link>
          </div>
        ) : (
          <ul className="cart-lines">
            {lines.map((item) => (
              <CartLineRow
                key={item.product.id}
                item={item}
                disabled={isBusy}
                onDecrease={() => change(item.product.id, (c) => decrementLine(c, item.product.id))}
                onIncrease={() => change(item.product.id, (c) => incrementLine(c, item.product.id))}
                onRemove={() => change(item.product.id, (c) => removeLine(c, item.product.id))}
              />
            ))}
          </ul>
        )}
      </section>

      <form className="checkout__form" onSubmit={handleSubmit} noValidate aria-labelledby="checkout-title">
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
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (emailError) setEmailError(null);
          }}
          onBlur={() => {
            if (email.trim()) setEmailError(emailProblem(email));
          }}
          aria-invalid={emailError ? true : undefined}
          aria-errormessage={emailError ? ids.emailError : undefined}
          disabled={isBusy}
          hint={shopCopy.emailHint}
        />
        {emailError ? (
          <p id={ids.emailError} className="field-error" role="alert">
            {emailError}
          </p>
        ) : null}
        <div className="checkout__subtotal">
          <span>{shopCopy.subtotal}</span>
          <span data-testid="subtotal">{formatCents(subtotal)}</span>
        </div>
        <p className="checkout__note">{texts.checkoutNote}</p>
        {session.isError ? <ErrorBox>{errorMessage(session.error, shopCopy.sessionFailed)}</ErrorBox> : null}
        {paypal.isError && !isBankCheckCancelled(paypal.error) ? (
          <ErrorBox>{errorMessage(paypal.error, shopCopy.sessionFailed)}</ErrorBox>
        ) : null}
        <Button type="submit" block className="btn--large" disabled={isEmpty} busy={session.isPending}>
          {session.isPending ? shopCopy.creatingSession : texts.payNow}
        </Button>
        <PayWithPaypal disabled={isEmpty || isBusy} onClick={() => pay(true)} />
        {bank.view ? (
          <BankCheckDialog view={bank.view} onAnswered={bank.answer} onCancel={bank.cancel} />
        ) : null}
      </form>
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
