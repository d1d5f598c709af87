import { formatCents } from "@mx/shared/money";
import type { SandboxCheckoutSessionData } from "@mx/shared/schemas/shop";
import { findShippingRate, shippingTexts } from "@mx/shared/shop-shipping";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { SandboxCardFields } from "./card-fields";
import { detectBrand, formatCardNumber, onlyDigits, passesLuhn } from "./card-input";
import { paySandboxCheckout, paySandboxCheckoutWithSavedCard, setSandboxShipping } from "./checkout-api";
import {
  type SandboxAddressDraft,
  type SandboxAddressField,
  type SandboxShopParts,
  type SandboxWebHost,
  SandboxWebHostProvider,
  useSandboxWebHost,
} from "./host";

/** The app reads the session with this, into its own cache, and hands it to the form as `session`. */
export { readSandboxCheckoutSession } from "./checkout-api";

/** The words the payment form shows (the shop's copy). */
interface SandboxPaymentCopy {
  cardNumber: string;
  expiry: string;
  expiryPlaceholder: string;
  cvc: string;
  nameOnCard: string;
  numberIncomplete: string;
  numberInvalid: string;
  expiryIncomplete: string;
  expiryMonthInvalid: string;
  expiryPast: string;
  cvcIncomplete: string;
  nameRequired: string;
  paymentUnavailable: string;
  sessionExpired: string;
  paymentFailed: string;
  emailLabel: string;
  paying: string;
  payAmount: (amount: string) => string;
  sandboxNote: string;
  sandboxTestCard: string;
  declinedHint: string;
  /** The choice between the customer's saved cards and a new one, as a screen reader names it. */
  savedCardsLegend: string;
  useNewCard: string;
  /** Beside the card the app says is the default. */
  defaultCard: string;
}

/** The checkout session as the app holds it: still coming, failed, or read. */
type SandboxCheckoutSessionState =
  | { status: "pending"; data?: undefined }
  | { status: "error"; error: unknown; data?: SandboxCheckoutSessionData }
  | { status: "success"; data: SandboxCheckoutSessionData };

export interface SandboxPaymentFormProps {
  host: SandboxWebHost;
  parts: SandboxShopParts;
  copy: SandboxPaymentCopy;
  clientSecret: string;
  /** The session, read with `readSandboxCheckoutSession`. */
  session: SandboxCheckoutSessionState;
  /**
   * Of the session's saved cards, the one chosen first and marked as the default (the player's default card, when
   * the app knows it); without it, the newest.
   */
  preferredCardId?: string | null;
  /** The session came back with this address's shipping, tax and total: the app keeps it as `session` from now on. The same function on every render. */
  onSessionUpdated: (session: SandboxCheckoutSessionData) => void;
  /** Paid (now, or already in another tab): the app shows its return page. The same function on every render. */
  onPaid: (sessionId: string) => void;
}

type CardFieldName = "number" | "expiry" | "cvc" | "name";
type Field = CardFieldName | SandboxAddressField;

/** The choice of a new card among the saved ones. */
const NEW_CARD = "new";

/** How long typing pauses before the address is sent for its tax. */
const QUOTE_DELAY_MS = 400;

const isAmex = (digits: string) => detectBrand(digits) === "amex";

function formatExpiry(raw: string): string {
  let digits = onlyDigits(raw);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** The first problem with the card, in Stripe's words, so both providers read the same. */
function cardProblem(
  copy: SandboxPaymentCopy,
  card: { number: string; expiry: string; cvc: string; name: string },
  now = new Date(),
) {
  const digits = onlyDigits(card.number);
  if (digits.length < 12 || !passesLuhn(digits)) {
    const isShort = digits.length < (isAmex(digits) ? 15 : 16);
    return {
      field: "number" as const,
      message: isShort ? copy.numberIncomplete : copy.numberInvalid,
    };
  }
  const expiry = onlyDigits(card.expiry);
  if (expiry.length < 4) return { field: "expiry" as const, message: copy.expiryIncomplete };
  const month = Number(expiry.slice(0, 2));
  const year = 2000 + Number(expiry.slice(2));
  if (month < 1 || month > 12) return { field: "expiry" as const, message: copy.expiryMonthInvalid };
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    return { field: "expiry" as const, message: copy.expiryPast };
  }
  if (onlyDigits(card.cvc).length < (isAmex(digits) ? 4 : 3)) {
    return { field: "cvc" as const, message: copy.cvcIncomplete };
  }
  if (!card.name.trim()) return { field: "name" as const, message: copy.nameRequired };
  return null;
}

/**
 * Sandbox mode: our own embedded payment form in place of Stripe's. It shows what the session will charge, takes
 * the card, tokenises it with the sandbox (`POST /sandbox/tokens`) and pays the session; a refused card shows the
 * processor's message ("Your card was declined.") and the form stays for another card. Paid → the return page.
 * A session opened for a customer with saved cards offers those first, the preferred one chosen, and a new card
 * beside them, as Stripe's form does for a returning customer.
 */
export default function SandboxPaymentForm({ host, ...props }: SandboxPaymentFormProps) {
  return (
    <SandboxWebHostProvider host={host}>
      <PaymentForm {...props} />
    </SandboxWebHostProvider>
  );
}

function PaymentForm({
  parts,
  copy,
  clientSecret,
  session,
  preferredCardId,
  onSessionUpdated,
  onPaid,
}: Omit<SandboxPaymentFormProps, "host">) {
  const { request, errorMessage, ui } = useSandboxWebHost();
  const { Button, ErrorBox, PageSpinner, TextField } = ui;
  const { ShippingFields, OrderSummary, emptyAddress, addressProblem, toShippingAddress, useAddressIds } =
    parts;
  const { CardChip, savedCardLabel, savedCardMeta } = parts;
  const ids = { number: useId(), expiry: useId(), cvc: useId(), name: useId(), error: useId() };
  const cardChoiceName = useId();
  // A saved card's id or NEW_CARD once the customer chose; until then the preferred saved card.
  const [pickedCard, setPickedCard] = useState<string | null>(null);
  const addressIds = useAddressIds();
  const [address, setAddress] = useState<SandboxAddressDraft>(emptyAddress);
  const [chosenRate, setChosenRate] = useState<string | null>(null);
  // The address and rate the session was last given (its figures are theirs), and whether a quote is on its way.
  const [quoted, setQuoted] = useState<string | null>(null);
  const [isQuoting, setIsQuoting] = useState(false);
  const latestQuote = useRef(0);

  const stored = session.data?.shipping;
  const rate = chosenRate ?? stored?.rateId ?? session.data?.shippingOptions[0]?.id ?? "";
  const isAddressReady = addressProblem(address) === null;
  const quoteBody = isAddressReady
    ? { clientSecret, address: toShippingAddress(address), shippingRate: rate }
    : null;
  const quoteKey = quoteBody ? JSON.stringify(quoteBody) : null;

  // A session that already has an address (a reload) shows it.
  const storedAddress = stored?.address;
  useEffect(() => {
    if (!storedAddress) return;
    setAddress((current) =>
      current === emptyAddress ? { ...storedAddress, line2: storedAddress.line2 ?? "" } : current,
    );
  }, [storedAddress, emptyAddress]);

  /** Gives the session this address and rate; its shipping, tax and total come back. */
  const quote = useCallback(
    async (body: NonNullable<typeof quoteBody>) => {
      const turn = ++latestQuote.current;
      setIsQuoting(true);
      try {
        const updated = await setSandboxShipping(request, body);
        if (turn !== latestQuote.current) return;
        onSessionUpdated(updated);
        setQuoted(JSON.stringify(body));
      } finally {
        if (turn === latestQuote.current) setIsQuoting(false);
      }
    },
    [request, onSessionUpdated],
  );

  // As the customer types, the tax follows the address once it is complete.
  useEffect(() => {
    if (!quoteKey || quoteKey === quoted) return;
    const timer = window.setTimeout(() => {
      void quote(JSON.parse(quoteKey)).catch(() => {
        // Said on submit, where the server's message names the field.
      });
    }, QUOTE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [quoteKey, quoted, quote]);
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<{ field: Field | null; message: string } | null>(null);
  const [isPaying, setIsPaying] = useState(false);
  // Guards a double click before React has re-rendered the busy button.
  const running = useRef(false);

  // Already paid (a second tab, a retried request): straight to the return page.
  const paidSessionId = session.data?.status === "complete" ? session.data.id : null;
  useEffect(() => {
    if (paidSessionId) onPaid(paidSessionId);
  }, [paidSessionId, onPaid]);

  if (session.status === "pending" || paidSessionId) return <PageSpinner />;
  if (session.status === "error")
    return <ErrorBox>{errorMessage(session.error, copy.paymentUnavailable)}</ErrorBox>;
  const data = session.data;
  if (data.status === "expired") return <ErrorBox>{copy.sessionExpired}</ErrorBox>;
  // The preferred card first, then the others newest first.
  const preferred = data.savedCards.find((card) => card.id === preferredCardId) ?? data.savedCards[0];
  const savedCards = preferred ? [preferred, ...data.savedCards.filter((card) => card !== preferred)] : [];
  const cardChoice =
    pickedCard !== null && (pickedCard === NEW_CARD || savedCards.some((card) => card.id === pickedCard))
      ? pickedCard
      : (preferred?.id ?? NEW_CARD);
  const isNewCard = cardChoice === NEW_CARD;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running.current) return;
    const missing = addressProblem(address);
    if (missing) {
      setProblem(missing);
      document.getElementById(addressIds[missing.field])?.focus();
      return;
    }
    const found = isNewCard ? cardProblem(copy, { number, expiry, cvc, name }) : null;
    if (found) {
      setProblem(found);
      document.getElementById(ids[found.field])?.focus();
      return;
    }
    running.current = true;
    setProblem(null);
    setIsPaying(true);
    const digits = onlyDigits(expiry);
    try {
      if (quoteBody && quoteKey !== quoted) await quote(quoteBody);
      const paid = isNewCard
        ? await paySandboxCheckout(request, clientSecret, {
            number: onlyDigits(number),
            expMonth: Number(digits.slice(0, 2)),
            expYear: 2000 + Number(digits.slice(2)),
            cvc: onlyDigits(cvc),
            name: name.trim(),
          })
        : await paySandboxCheckoutWithSavedCard(request, clientSecret, cardChoice);
      onPaid(paid.sessionId);
    } catch (cause) {
      setProblem({ field: null, message: errorMessage(cause, copy.paymentFailed) });
      setIsPaying(false);
      running.current = false;
    }
  };

  const invalid = (field: Field) =>
    problem?.field === field ? { "aria-invalid": true as const, "aria-describedby": ids.error } : {};
  const edited = () => {
    if (problem) setProblem(null);
  };
  const editAddress = (field: SandboxAddressField, value: string) => {
    setAddress((current) => ({ ...current, [field]: value }));
    edited();
  };
  // The session's figures are shown once they are this address's and rate's; until then the rate's price, and
  // the tax waits for the address.
  const isQuoted = quoteKey !== null && quoteKey === quoted && data.shipping !== null;
  const shippingCents = isQuoted ? data.amountShippingCents : (findShippingRate(rate)?.amountCents ?? 0);
  const stateCode = isQuoted ? data.shipping?.address.state : undefined;
  const taxLabel =
    isQuoted && stateCode && data.taxRate !== null
      ? shippingTexts.taxWithRate(stateCode, data.taxRate)
      : shippingTexts.tax;
  const taxAmount = isQuoted
    ? formatCents(data.amountTaxCents)
    : isAddressReady || isQuoting
      ? shippingTexts.calculating
      : shippingTexts.taxPending;
  const total = formatCents(isQuoted ? data.amountTotalCents : data.amountSubtotalCents + shippingCents);

  return (
    <div className="shop-pay">
      <OrderSummary
        lines={data.lineItems}
        subtotalCents={data.amountSubtotalCents}
        shippingCents={shippingCents}
        taxLabel={taxLabel}
        taxAmount={taxAmount}
        total={total}
      />

      <form
        className="form shop-pay__form"
        onSubmit={(event) => void handleSubmit(event)}
        noValidate
        aria-busy={isPaying || undefined}
      >
        <p className="shop-pay__email">
          <span className="shop-pay__label">{copy.emailLabel}</span>
          <span>{data.customerEmail}</span>
        </p>
        <ShippingFields
          ids={addressIds}
          address={address}
          onAddressChange={editAddress}
          rates={data.shippingOptions}
          rate={rate}
          onRateChange={(next) => {
            setChosenRate(next);
            edited();
          }}
          fieldState={invalid}
          disabled={isPaying}
        />
        <h3 className="shipping-fields__legend">{shippingTexts.paymentDetails}</h3>
        {savedCards.length > 0 ? (
          <fieldset className="card-picker" disabled={isPaying}>
            <legend className="visually-hidden">{copy.savedCardsLegend}</legend>
            {savedCards.map((card) => (
              <label key={card.id} className="card-picker__option">
                <input
                  type="radio"
                  name={cardChoiceName}
                  value={card.id}
                  checked={cardChoice === card.id}
                  onChange={() => {
                    setPickedCard(card.id);
                    edited();
                  }}
                />
                <CardChip scheme={card.brand} />
                <span className="card-on-file__text">
                  <span className="card-on-file__label">
                    {savedCardLabel(card)}
                    {card.id === preferredCardId ? (
                      <span className="card-picker__default"> · {copy.defaultCard}</span>
                    ) : null}
                  </span>
                  <span className="card-on-file__meta">{savedCardMeta(card)}</span>
                </span>
              </label>
            ))}
            <label className="card-picker__option">
              <input
                type="radio"
                name={cardChoiceName}
                value={NEW_CARD}
                checked={isNewCard}
                onChange={() => {
                  setPickedCard(NEW_CARD);
                  edited();
                }}
              />
              <CardChip scheme={null} />
              <span className="card-on-file__text">
                <span className="card-on-file__label">{copy.useNewCard}</span>
              </span>
            </label>
          </fieldset>
        ) : null}
        {isNewCard ? (
          <>
            <SandboxCardFields
              ids={ids}
              copy={copy}
              values={{ number, expiry, cvc }}
              onChange={{
                number: (event) => {
                  setNumber(formatCardNumber(onlyDigits(event.target.value).slice(0, 19)));
                  edited();
                },
                expiry: (event) => {
                  const raw = event.target.value;
                  // Backspace over " / " takes the month's last digit with it.
                  const isDeletingSeparator =
                    raw.length === expiry.length - 1 && onlyDigits(raw) === onlyDigits(expiry);
                  setExpiry(formatExpiry(isDeletingSeparator ? onlyDigits(expiry).slice(0, -1) : raw));
                  edited();
                },
                cvc: (event) => {
                  setCvc(onlyDigits(event.target.value).slice(0, 4));
                  edited();
                },
              }}
              fieldState={invalid}
              disabled={isPaying}
              pairClassName="form__grid shop-pay__pair"
              cvcPlaceholder="123"
              cvcMaxLength={4}
            />
            <TextField
              id={ids.name}
              label={copy.nameOnCard}
              name="cc-name"
              autoComplete="cc-name"
              autoCapitalize="words"
              spellCheck={false}
              maxLength={100}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                edited();
              }}
              disabled={isPaying}
              {...invalid("name")}
            />
          </>
        ) : null}
        {problem ? (
          <p className="notice notice--error" role="alert" id={ids.error}>
            {problem.message}
          </p>
        ) : null}
        <Button type="submit" block className="btn--large" busy={isPaying}>
          {isPaying ? copy.paying : copy.payAmount(total)}
        </Button>
        {isNewCard ? (
          <p className="shop-pay__note">
            {copy.sandboxNote} <span className="nowrap">{copy.sandboxTestCard}</span> {copy.declinedHint}
          </p>
        ) : null}
      </form>
    </div>
  );
}
