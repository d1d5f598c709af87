import { shippingTexts } from "@mx/shared/shop-shipping";
import type { FormEvent } from "react";
import { useEffect, useId, useState } from "react";
import type { SandboxCheckoutSessionData } from "../src/api";
import { paySandboxCheckout, paySandboxCheckoutWithSavedCard } from "./checkout-api";
import {
  type SandboxAddressField,
  type SandboxShopParts,
  type SandboxWebHost,
  SandboxWebHostProvider,
  useSandboxWebHost,
} from "./host";
import { type NewCard, NewCardFields } from "./new-card-fields";
import { type CardFieldName, cardProblem, cardToSend, type SandboxPaymentCopy } from "./payment-copy";
import { NEW_CARD, SavedCardPicker } from "./saved-card-picker";
import { usePaymentAttempt } from "./use-payment-attempt";
import { quoteFigures, useShippingQuote } from "./use-shipping-quote";

/** The app reads the session with this, into its own cache, and hands it to the form as `session`. */
export { readSandboxCheckoutSession } from "./checkout-api";

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

/** The session's saved cards, the preferred one first, and which is chosen: the one picked, else the preferred. */
function cardChoiceOf(
  data: SandboxCheckoutSessionData,
  preferredCardId: string | null | undefined,
  picked: string | null,
) {
  // The preferred card first, then the others newest first.
  const preferred = data.savedCards.find((card) => card.id === preferredCardId) ?? data.savedCards[0];
  const savedCards = preferred ? [preferred, ...data.savedCards.filter((card) => card !== preferred)] : [];
  const cardChoice =
    picked !== null && (picked === NEW_CARD || savedCards.some((card) => card.id === picked))
      ? picked
      : (preferred?.id ?? NEW_CARD);
  return { savedCards, cardChoice };
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
  const { ErrorBox, PageSpinner } = ui;
  const { OrderSummary, addressProblem, useAddressIds } = parts;
  const ids = { number: useId(), expiry: useId(), cvc: useId(), name: useId(), error: useId() };
  // A saved card's id or NEW_CARD once the customer chose; until then the preferred saved card.
  const [pickedCard, setPickedCard] = useState<string | null>(null);
  const addressIds = useAddressIds();
  const shipping = useShippingQuote({ parts, request, clientSecret, data: session.data, onSessionUpdated });
  const [card, setCard] = useState<NewCard>({ number: "", expiry: "", cvc: "", name: "" });
  const payment = usePaymentAttempt(ids.error, (cause) => errorMessage(cause, copy.paymentFailed));
  const { isPaying } = payment;

  const paidSessionId = usePaidSession(session.data, onPaid);

  if (session.status === "pending" || paidSessionId) return <PageSpinner />;
  if (session.status === "error")
    return <ErrorBox>{errorMessage(session.error, copy.paymentUnavailable)}</ErrorBox>;
  const data = session.data;
  if (data.status === "expired") return <ErrorBox>{copy.sessionExpired}</ErrorBox>;
  const { savedCards, cardChoice } = cardChoiceOf(data, preferredCardId, pickedCard);
  const isNewCard = cardChoice === NEW_CARD;

  const handleSubmit = checkoutSubmit(
    { copy, addressProblem, addressIds, isNewCard, card, ids, cardChoice },
    { payment, shipping, request, clientSecret, onPaid },
  );

  const figures = quoteFigures(data, shipping);

  return (
    <div className="shop-pay">
      <OrderSummary lines={data.lineItems} subtotalCents={data.amountSubtotalCents} {...figures} />

      <form
        className="form shop-pay__form"
        onSubmit={(event) => void handleSubmit(event)}
        noValidate
        aria-busy={isPaying || undefined}
      >
        <ShippingSection
          parts={parts}
          copy={copy}
          data={data}
          addressIds={addressIds}
          shipping={shipping}
          payment={payment}
        />
        <PaymentDetails
          copy={copy}
          parts={parts}
          ui={ui}
          cards={{ savedCards, preferredCardId, cardChoice, card, ids }}
          onPick={setPickedCard}
          onCardChange={(change) => setCard((current) => ({ ...current, ...change }))}
          payment={payment}
          total={figures.total}
        />
      </form>
    </div>
  );
}

/** The form's top: the customer's email, then the shipping address and rate (a change clears the problem line). */
function ShippingSection({
  parts: { ShippingFields },
  copy,
  data,
  addressIds,
  shipping: { address, setAddress, rate, setChosenRate },
  payment: { isPaying, invalid, edited },
}: {
  parts: SandboxShopParts;
  copy: SandboxPaymentCopy;
  data: SandboxCheckoutSessionData;
  addressIds: Record<SandboxAddressField, string>;
  shipping: ReturnType<typeof useShippingQuote>;
  payment: ReturnType<typeof usePaymentAttempt>;
}) {
  const editAddress = (field: SandboxAddressField, value: string) => {
    setAddress((current) => ({ ...current, [field]: value }));
    edited();
  };
  return (
    <>
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
    </>
  );
}

/** Below the fields: the problem line, the pay button, and for a new card the sandbox's test-card note. */
function PayFooter({
  problem,
  errorId,
  Button,
  isPaying,
  label,
  note,
}: {
  problem: { message: string } | null;
  errorId: string;
  Button: SandboxWebHost["ui"]["Button"];
  isPaying: boolean;
  label: string;
  note: Pick<SandboxPaymentCopy, "sandboxNote" | "sandboxTestCard" | "declinedHint"> | null;
}) {
  return (
    <>
      {problem ? (
        <p className="notice notice--error" role="alert" id={errorId}>
          {problem.message}
        </p>
      ) : null}
      <Button type="submit" block className="btn--large" busy={isPaying}>
        {label}
      </Button>
      {note ? (
        <p className="shop-pay__note">
          {note.sandboxNote} <span className="nowrap">{note.sandboxTestCard}</span> {note.declinedHint}
        </p>
      ) : null}
    </>
  );
}

/**
 * The payment's part of the form: the saved cards to choose from, a new card's fields, the problem and the button.
 * A pick or a change to the card clears the problem line.
 */
function PaymentDetails({
  copy,
  parts,
  ui: { Button, TextField },
  cards: { savedCards, preferredCardId, cardChoice, card, ids },
  onPick,
  onCardChange,
  payment: { problem, isPaying, invalid, edited },
  total,
}: {
  copy: SandboxPaymentCopy;
  parts: SandboxShopParts;
  ui: SandboxWebHost["ui"];
  cards: ReturnType<typeof cardChoiceOf> & {
    preferredCardId: string | null | undefined;
    card: NewCard;
    ids: Record<CardFieldName | "error", string>;
  };
  onPick: (choice: string) => void;
  onCardChange: (change: Partial<NewCard>) => void;
  payment: Pick<ReturnType<typeof usePaymentAttempt>, "problem" | "isPaying" | "invalid" | "edited">;
  total: string;
}) {
  const isNewCard = cardChoice === NEW_CARD;
  return (
    <>
      <h3 className="shipping-fields__legend">{shippingTexts.paymentDetails}</h3>
      {savedCards.length > 0 ? (
        <SavedCardPicker
          parts={parts}
          copy={copy}
          savedCards={savedCards}
          preferredCardId={preferredCardId}
          cardChoice={cardChoice}
          onPick={(choice) => {
            onPick(choice);
            edited();
          }}
          isPaying={isPaying}
        />
      ) : null}
      {isNewCard ? (
        <NewCardFields
          ids={ids}
          copy={copy}
          card={card}
          onCardChange={(change) => {
            onCardChange(change);
            edited();
          }}
          TextField={TextField}
          invalid={invalid}
          isPaying={isPaying}
        />
      ) : null}
      <PayFooter
        problem={problem}
        errorId={ids.error}
        Button={Button}
        isPaying={isPaying}
        label={isPaying ? copy.paying : copy.payAmount(total)}
        note={isNewCard ? copy : null}
      />
    </>
  );
}

/** What the form's submit checks: the entries and their fields' ids. */
interface CheckoutEntries {
  copy: SandboxPaymentCopy;
  addressProblem: SandboxShopParts["addressProblem"];
  addressIds: Record<SandboxAddressField, string>;
  isNewCard: boolean;
  card: NewCard;
  ids: Record<CardFieldName, string>;
  cardChoice: string;
}

/** How the form's submit pays: the payment attempt, the shipping quote, the sandbox and the return page. */
interface CheckoutPayer {
  payment: ReturnType<typeof usePaymentAttempt>;
  shipping: ReturnType<typeof useShippingQuote>;
  request: SandboxWebHost["request"];
  clientSecret: string;
  onPaid: (sessionId: string) => void;
}

/**
 * The form's submit: the first problem (the address's, else a new card's) shown and its field focused; else one
 * payment, the shipping quoted first when the address changed since its last quote, then the return page.
 */
function checkoutSubmit(
  { copy, addressProblem, addressIds, isNewCard, card, ids, cardChoice }: CheckoutEntries,
  { payment, shipping, request, clientSecret, onPaid }: CheckoutPayer,
) {
  return async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (payment.running.current) return;
    const missing = addressProblem(shipping.address);
    const found = missing
      ? { ...missing, id: addressIds[missing.field] }
      : isNewCard
        ? cardProblemAt(copy, card, ids)
        : null;
    if (found) {
      payment.setProblem({ field: found.field, message: found.message });
      document.getElementById(found.id)?.focus();
      return;
    }
    await payment.attempt(async () => {
      const { quoteBody, quoteKey, quoted, quote } = shipping;
      if (quoteBody && quoteKey !== quoted) await quote(quoteBody);
      const paid = isNewCard
        ? await paySandboxCheckout(request, clientSecret, cardToSend(card))
        : await paySandboxCheckoutWithSavedCard(request, clientSecret, cardChoice);
      onPaid(paid.sessionId);
    });
  };
}

/** The first problem with a new card, with the id of its field (to focus). */
function cardProblemAt(copy: SandboxPaymentCopy, card: NewCard, ids: Record<CardFieldName, string>) {
  const found = cardProblem(copy, card);
  return found ? { ...found, id: ids[found.field] } : null;
}

/** Already paid (a second tab, a retried request): straight to the return page. Answers the paid session's id. */
function usePaidSession(data: SandboxCheckoutSessionData | undefined, onPaid: (sessionId: string) => void) {
  const paidSessionId = data?.status === "complete" ? data.id : null;
  useEffect(() => {
    if (paidSessionId) onPaid(paidSessionId);
  }, [paidSessionId, onPaid]);
  return paidSessionId;
}
