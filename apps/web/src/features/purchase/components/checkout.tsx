import { errors, texts } from "@mx/shared/messages";
import { formatCents } from "@mx/shared/money";
import type { PaymentCard } from "@mx/shared/schemas/payments";
import { useRef, useState } from "react";
import { BankCheckDialog } from "../../../components/bank-check/bank-check-dialog";
import { isBankCheckCancelled } from "../../../components/bank-check/confirm-with-bank";
import type { useBankCheck } from "../../../components/bank-check/use-bank-check";
import { PayWithPaypal } from "../../../components/paypal/pay-with-paypal";
import { PAYPAL_CARD } from "../../../components/paypal/paypal-method";
import { CardToUse } from "../../../components/review-screen/card-to-use";
import { Button } from "../../../components/ui/button";
import { chosenCard } from "../../../components/ui/card-picker";
import { showAlert } from "../../../lib/alerts";
import { usePaymentMethods } from "../../../lib/default-card";
import { useIdempotentRetry } from "../../../lib/use-idempotent-retry";
import { purchaseCopy } from "../copy";
import type { OrderTotals } from "../order";
import { ConfirmPurchaseDialog } from "./confirm-purchase-dialog";
import { CREDITS_ONLY, PayWithCredits } from "./pay-with-credits";

/** How the player pays: the card (or PayPal, or "credits" alone), the credits spent, and the request's key. */
interface CheckoutPayment {
  paymentMethodId: string;
  /** Dollars of offer-wall credits; 0 when none are spent. */
  credits: number;
  idempotencyKey: string;
}

/** The payment call of a checkout (a TanStack mutation): it answers with the player's message. */
export interface CheckoutMutation {
  mutate: (
    payment: CheckoutPayment,
    callbacks: { onSuccess: (reply: { message: string }) => void; onError: (cause: unknown) => void },
  ) => void;
  reset: () => void;
  isPending: boolean;
  isSuccess: boolean;
}

interface CheckoutProps {
  totals: OrderTotals;
  /** What is bought, as the confirmation names it. */
  itemName: string;
  /** The confirmation's lead-in: "You are buying". */
  lead?: string;
  /** The confirmation's and the screen's closing note: that all sales are final. */
  finalNote?: string;
  /** What the order is (building, amount…): one key is never reused for a different order. */
  orderFingerprint: string;
  bank: ReturnType<typeof useBankCheck>;
  payment: CheckoutMutation;
  /** The player's message when paid; the screen then leaves. */
  onPaid: (message: string) => void;
  /** The alert for a refused or failed payment, given the server's words (or the fallback). */
  failureText: (cause: unknown) => string;
}

interface Confirmation {
  /** One per opened confirmation; kept for a retry only when the last attempt's outcome is unknown. */
  idempotencyKey: string;
  /** The card as shown when the player opened the dialog: the one that is charged. */
  card: PaymentCard;
}

/**
 * The paying half of a review screen that buys something from the game (a building, a development): the card to
 * charge or PayPal, offer-wall credits, Continue to Pay, the confirmation before any money moves, and the bank's
 * check when the payment answers 202. Rendered as the screen's own children, so the screen lays them out.
 */
export function Checkout({
  totals,
  itemName,
  lead,
  finalNote = purchaseCopy.finalSale,
  orderFingerprint,
  bank,
  payment,
  onPaid,
  failureText,
}: CheckoutProps) {
  const cards = usePaymentMethods();
  const total = formatCents(totals.totalCents);
  const [pickedCardId, setPickedCardId] = useState<string | null>(null);
  const payingCard = chosenCard(cards.data, pickedCardId);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [creditsCents, setCreditsCents] = useState(0);
  // A key whose request got no clear answer (network, 5xx): the same order retried reuses it,
  // so a charge that did go through is answered again instead of made twice.
  const retry = useIdempotentRetry();
  // Guards a double click before React has re-rendered the busy button.
  const isSubmitting = useRef(false);
  const fingerprintOf = (card: PaymentCard) => `${orderFingerprint}|${card.paymentMethodId}|${creditsCents}`;

  const continueToPay = (given?: PaymentCard) => {
    // Credits that pay the whole total need no card.
    const card = given ?? payingCard ?? (creditsCents >= totals.totalCents ? CREDITS_ONLY : null);
    if (!card) {
      void showAlert(errors.addCardFirst);
      return;
    }
    payment.reset();
    setConfirmation({ idempotencyKey: retry.keyFor(fingerprintOf(card)), card });
  };

  const confirm = () => {
    if (!confirmation || isSubmitting.current) return;
    isSubmitting.current = true;
    const { idempotencyKey, card } = confirmation;
    payment.mutate(
      { paymentMethodId: card.paymentMethodId, credits: creditsCents / 100, idempotencyKey },
      {
        onSuccess: ({ message }) => {
          retry.succeeded();
          void showAlert(message);
          onPaid(message);
        },
        onError: (cause) => {
          isSubmitting.current = false;
          // A bank's check given up keeps its key too: paying again resumes the same payment, still held.
          retry.failed(idempotencyKey, fingerprintOf(card), cause);
          setConfirmation(null);
          if (isBankCheckCancelled(cause)) return;
          void showAlert(failureText(cause));
        },
      },
    );
  };

  return (
    <>
      <CardToUse
        cards={cards}
        title={purchaseCopy.payWith}
        copy={purchaseCopy}
        selectedId={payingCard?.paymentMethodId ?? null}
        onSelect={setPickedCardId}
        disabled={confirmation !== null}
      />

      <PayWithCredits totalCents={totals.totalCents} creditsCents={creditsCents} onChange={setCreditsCents} />

      <div className="review__actions">
        <Button
          block
          className="btn--large"
          onClick={() => continueToPay()}
          // Until the cards are known, 'Please add a card first.' could be wrong.
          disabled={cards.isPending || cards.isError}
        >
          {texts.continueToPay}
        </Button>
        <PayWithPaypal onClick={() => continueToPay(PAYPAL_CARD)} />
        <p className="review-note">{finalNote}</p>
      </div>

      {confirmation && !bank.view ? (
        <ConfirmPurchaseDialog
          isOpen
          lead={lead}
          buildingName={itemName}
          total={total}
          card={confirmation.card}
          note={finalNote}
          credits={
            creditsCents > 0
              ? { spent: formatCents(creditsCents), charged: formatCents(totals.totalCents - creditsCents) }
              : undefined
          }
          isPaying={payment.isPending || payment.isSuccess}
          onCancel={() => setConfirmation(null)}
          onConfirm={confirm}
        />
      ) : null}
      {bank.view ? (
        <BankCheckDialog view={bank.view} onAnswered={bank.answer} onCancel={bank.cancel} />
      ) : null}
    </>
  );
}
