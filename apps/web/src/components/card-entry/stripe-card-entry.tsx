import { errors } from "@mx/shared/messages";
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type {
  Stripe,
  StripeCardElement,
  StripeCardElementChangeEvent,
  StripeCardElementOptions,
} from "@stripe/stripe-js";
import { type ReactNode, useEffect, useId, useMemo, useState } from "react";
import type { CardSubmit, TokenResult } from "../../lib/card-submit";
import { Spinner } from "../ui/spinner";
import { type CardFormCopy, CardFormFrame } from "./card-form-frame";
import { stripeFor } from "./stripe";
import { useCardholderName } from "./use-cardholder-name";

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

interface StripeCardEntryProps<T extends object> {
  publishableKey: string | undefined;
  /** The feature's Add Card submit. */
  form: CardSubmit<T>;
  copy: CardFormCopy;
  lead?: ReactNode;
  /** Tokenises the entered card with Stripe and says what to save. */
  tokenise: (stripe: Stripe, card: StripeCardElement, name: string) => Promise<TokenResult<T>>;
}

/** Stripe mode: the Card Element, tokenised straight with Stripe from the browser (publishable key). */
export function StripeCardEntry<T extends object>({ publishableKey, ...props }: StripeCardEntryProps<T>) {
  const [stripe] = useState(() => stripeFor(publishableKey));
  return (
    <Elements stripe={stripe}>
      <StripeFields stripeReady={stripe} {...props} />
    </Elements>
  );
}

type LoadState = "loading" | "ready" | "failed";

/** The card details fieldset: Stripe's Card Element, a spinner while it loads, or a note when Stripe is unavailable. */
function StripeCardField({
  copy,
  cardId,
  options,
  cardError,
  loadState,
  onReady,
  onChange,
}: {
  copy: CardFormCopy;
  cardId: string;
  options: StripeCardElementOptions;
  cardError: string | null;
  loadState: LoadState;
  onReady: () => void;
  onChange: (event: StripeCardElementChangeEvent) => void;
}) {
  const [isFocused, setIsFocused] = useState(false);
  return (
    <fieldset className="field card-form__fieldset">
      {/* Stripe's iframe names its own inputs (card number, expiry, CVC). */}
      <legend className="field__label">{copy.cardDetails}</legend>
      <div
        className={[
          "field__input",
          "card-form__stripe",
          isFocused ? "card-form__stripe--focused" : "",
          cardError ? "card-form__stripe--invalid" : "",
        ]
          .filter(Boolean)
          .join(" ")}
      >
        {loadState === "failed" ? (
          <p className="card-form__stripe-note">{copy.stripeUnavailable}</p>
        ) : (
          <>
            {loadState === "loading" ? <Spinner label={copy.stripeLoading} showLabel /> : null}
            <CardElement
              id={cardId}
              className={loadState === "loading" ? "card-form__element--hidden" : undefined}
              options={options}
              onReady={onReady}
              onChange={onChange}
              onFocus={() => setIsFocused(true)}
              onBlur={() => setIsFocused(false)}
            />
          </>
        )}
      </div>
    </fieldset>
  );
}

function StripeFields<T extends object>({
  stripeReady,
  form,
  copy,
  lead,
  tokenise,
}: Omit<StripeCardEntryProps<T>, "publishableKey"> & { stripeReady: Promise<Stripe | null> }) {
  const ids = { name: useId(), card: useId(), error: useId() };
  const stripe = useStripe();
  const elements = useElements();
  const baseOptions = useMemo(cardElementOptions, []);
  const options = useMemo(() => ({ ...baseOptions, disabled: form.isBusy }), [baseOptions, form.isBusy]);
  const { name, isNameInvalid, checkName, changeName } = useCardholderName(ids.name);
  const [cardError, setCardError] = useState<string | null>(null);
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
    const trimmed = checkName();
    if (trimmed === null) return;
    if (!stripe || !elements) {
      form.setError(errors.stripeNotLoaded);
      return;
    }
    const card = elements.getElement(CardElement);
    if (!card) {
      form.setError(errors.cardNumberFieldMissing);
      return;
    }
    void form.submit(() => tokenise(stripe, card, trimmed));
  };

  return (
    <CardFormFrame
      copy={copy}
      lead={lead}
      name={name}
      onNameChange={changeName}
      nameId={ids.name}
      isNameInvalid={isNameInvalid}
      error={(isNameInvalid ? copy.nameRequired : null) ?? cardError ?? form.error}
      errorId={ids.error}
      isBusy={form.isBusy}
      onSubmit={handleSubmit}
    >
      <StripeCardField
        copy={copy}
        cardId={ids.card}
        options={options}
        cardError={cardError}
        loadState={loadState}
        onReady={() => setLoadState("ready")}
        onChange={handleChange}
      />
    </CardFormFrame>
  );
}
