import { errors, texts } from "@mx/shared/messages";
import { formatCents } from "@mx/shared/money";
import type { PaymentCard } from "@mx/shared/schemas/payments";
import { useState } from "react";
import { PayPanel } from "../../../components/payment/pay-panel";
import type { Payment } from "../../../components/payment/use-payment";
import { showAlert } from "../../../lib/alerts";
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
  /** The screen's payment: its bank's check makes `payment`. */
  pay: Payment<undefined>;
  payment: CheckoutMutation;
  /** The player's message when paid; the screen then leaves. */
  onPaid: (message: string) => void;
  /** The alert for a refused or failed payment, given the server's words (or the fallback). */
  failureText: (cause: unknown) => string;
}

/**
 * The paying half of a review screen that buys something from the game (a building, a development): the one
 * payment panel (the card to charge or PayPal, Continue to Pay, the confirmation and the bank's check) with the
 * offer-wall credits between the card and the buttons.
 */
export function Checkout({
  totals,
  itemName,
  lead,
  finalNote = purchaseCopy.finalSale,
  orderFingerprint,
  pay,
  payment,
  onPaid,
  failureText,
}: CheckoutProps) {
  const total = formatCents(totals.totalCents);
  const [creditsCents, setCreditsCents] = useState(0);

  const continueToPay = (given?: PaymentCard) => {
    // Credits that pay the whole total need no card.
    const card = given ?? pay.card ?? (creditsCents >= totals.totalCents ? CREDITS_ONLY : null);
    if (!card) {
      void showAlert(errors.addCardFirst);
      return;
    }
    payment.reset();
    pay.open(card, `${orderFingerprint}|${card.paymentMethodId}|${creditsCents}`, undefined);
  };

  const confirm = () =>
    pay.confirm({
      send: ({ card, idempotencyKey }, callbacks) =>
        payment.mutate(
          { paymentMethodId: card.paymentMethodId, credits: creditsCents / 100, idempotencyKey },
          callbacks,
        ),
      onPaid,
      failureText,
    });

  return (
    <PayPanel
      payment={pay}
      title={purchaseCopy.payWith}
      copy={purchaseCopy}
      action={{ label: texts.continueToPay }}
      onPay={continueToPay}
      note={finalNote}
      confirmDialog={(confirmation) => (
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
          onCancel={pay.close}
          onConfirm={confirm}
        />
      )}
    >
      <PayWithCredits totalCents={totals.totalCents} creditsCents={creditsCents} onChange={setCreditsCents} />
    </PayPanel>
  );
}
