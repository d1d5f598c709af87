import { errors } from "@mx/shared/messages";
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe, StripeCardElementChangeEvent, StripeCardElementOptions } from "@stripe/stripe-js";
// The pure entry loads Stripe.js only when loadStripe is called: never in sandbox mode.
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useId, useMemo, useState } from "react";
import { Spinner } from "../../../components/ui/spinner";
import { payoutsCopy } from "../copy";
import { useAddPayoutCardForm } from "../use-add-payout-card";
import { PayoutCardFormFrame } from "./payout-card-form-frame";

/** One Stripe object per key for the life of the page, as Stripe asks. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string | undefined): Promise<Stripe | null> {
  if (!publishableKey) return Promise.resolve(null);
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => null);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

/** The Card Element drawn with the page's own tokens (it lives in an iframe and cannot read our CSS). */
function cardElementOptions(): StripeCardElementOptions {
  const css = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    hidePostalCode: true,
    style: {
      base: {
        color: token("--text", "#eef1f7"),
        iconColor: token("--text-muted", "#a9b3c8"),
        fontFamily: token("--font", "system-ui, sans-serif"),
        fontSize: "16px",
        lineHeight: "24px",
        "::placeholder": { color: token("--text-faint", "#8390a8") },
      },
      invalid: { color: token("--danger", "#ff8585"), iconColor: token("--danger", "#ff8585") },
    },
  };
}

/**
 * Stripe mode: the Card Element, tokenised with Stripe from the browser. A payout card's token carries the
 * currency it will be paid in (Stripe needs it to attach a debit card to a connected account).
 */
export default function StripePayoutCardForm({ publishableKey }: { publishableKey: string | undefined }) {
  const [stripe] = useState(() => stripeFor(publishableKey));
  return (
    <Elements stripe={stripe}>
      <StripeFields stripeReady={stripe} />
    </Elements>
  );
}

type LoadState = "loading" | "ready" | "failed";

function StripeFields({ stripeReady }: { stripeReady: Promise<Stripe | null> }) {
  const ids = { name: useId(), card: useId(), error: useId() };
  const stripe = useStripe();
  const elements = useElements();
  const form = useAddPayoutCardForm();
  const baseOptions = useMemo(cardElementOptions, []);
  const options = useMemo(() => ({ ...baseOptions, disabled: form.isBusy }), [baseOptions, form.isBusy]);
  const [name, setName] = useState("");
  const [isNameInvalid, setIsNameInvalid] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [isFocused, setIsFocused] = useState(false);
  const [loadState, setLoadState] = useState<LoadState>("loading");

  useEffect(() => {
    let isCurrent = true;
    void stripeReady.then((loaded) => {
      if (isCurrent && !loaded) setLoadState("failed");
    });
    return () => {
      isCurrent = false;
    };
  }, [stripeReady]);

  const handleChange = (event: StripeCardElementChangeEvent) => {
    setCardError(event.error?.message ?? null);
    if (form.error) form.setError(null);
  };

  const handleSubmit = () => {
    const trimmed = name.trim();
    setName(trimmed);
    if (!trimmed) {
      setIsNameInvalid(true);
      document.getElementById(ids.name)?.focus();
      return;
    }
    setIsNameInvalid(false);
    if (!stripe || !elements) {
      form.setError(errors.stripeNotLoaded);
      return;
    }
    const card = elements.getElement(CardElement);
    if (!card) {
      form.setError(errors.cardNumberFieldMissing);
      return;
    }
    void form.submit(async () => {
      const result = await stripe.createToken(card, { name: trimmed, currency: "usd" });
      if (result.error || !result.token) return { error: result.error?.message || errors.createTokenFailed };
      return { tokenId: result.token.id };
    });
  };

  return (
    <PayoutCardFormFrame
      name={name}
      onNameChange={(value) => {
        setName(value);
        if (value.trim()) setIsNameInvalid(false);
      }}
      nameId={ids.name}
      isNameInvalid={isNameInvalid}
      error={(isNameInvalid ? payoutsCopy.nameRequired : null) ?? cardError ?? form.error}
      errorId={ids.error}
      isBusy={form.isBusy}
      onSubmit={handleSubmit}
    >
      <fieldset className="field payouts-form__fieldset">
        <legend className="field__label">{payoutsCopy.cardDetails}</legend>
        <div
          className={[
            "field__input",
            "payouts-form__stripe",
            isFocused ? "payouts-form__stripe--focused" : "",
            cardError ? "payouts-form__stripe--invalid" : "",
          ]
            .filter(Boolean)
            .join(" ")}
        >
          {loadState === "failed" ? (
            <p className="payouts-form__stripe-note">{payoutsCopy.stripeUnavailable}</p>
          ) : (
            <>
              {loadState === "loading" ? <Spinner label={payoutsCopy.stripeLoading} showLabel /> : null}
              <CardElement
                id={ids.card}
                className={loadState === "loading" ? "payouts-form__element--hidden" : undefined}
                options={options}
                onReady={() => setLoadState("ready")}
                onChange={handleChange}
                onFocus={() => setIsFocused(true)}
                onBlur={() => setIsFocused(false)}
              />
            </>
          )}
        </div>
      </fieldset>
    </PayoutCardFormFrame>
  );
}
