import { errors } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import type { PaymentCard } from "@mx/shared/schemas/payments";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { usePayment } from "../../components/payment/use-payment";
import { showAlert } from "../../lib/alerts";
import { errorMessage } from "../../lib/api-client";
import { useGenerateBid } from "./api/generate-bid";
import { useSubmitBid } from "./api/submit-bid";
import { type BidDraft, bidTotals, checkBid } from "./bid";

/** What one key may be sent with: the server refuses a key reused for a different request. */
const fingerprintOf = (propertyId: string, amount: number, paymentMethodId: string) =>
  `${propertyId}|${amount}|${paymentMethodId}`;

/**
 * Bid Review's bid: the amount typed and its rule, the server's check, then the one payment (the card to hold or
 * PayPal, the confirmation with the bid's amount, the bank's check) and My Bids once the bid is placed.
 */
export function usePlaceBid(draft: BidDraft) {
  const navigate = useNavigate();
  const inputId = useId();
  const check = useGenerateBid();
  const pay = usePayment<number>();
  const submit = useSubmitBid(pay.bank.confirmWithBank);
  const [value, setValue] = useState(draft.bidAmount === null ? "" : draft.bidAmount.toFixed(2));
  // The rule is shown once the player has left the field or tried to bid, not at every keystroke.
  const [showProblem, setShowProblem] = useState(draft.bidAmount !== null);
  const bid = checkBid(value, draft.price);

  /** Place Bid: the bid's own rules, a card, then the server's check before anything is held. */
  const placeBid = (chosen: PaymentCard | null = pay.card) => {
    if (pay.isWorking.current) return;
    if (bid.amount === null) {
      setShowProblem(true);
      document.getElementById(inputId)?.focus();
      return;
    }
    if (!draft.propertyId) {
      void showAlert(errors.missingPropertyId);
      return;
    }
    if (!chosen) {
      void showAlert(errors.addCardFirst);
      return;
    }
    const amount = bid.amount;
    const card = chosen;
    pay.isWorking.current = true;
    check.mutate(
      { propertyId: draft.propertyId, bidAmount: amount },
      {
        onSuccess: () => {
          pay.isWorking.current = false;
          submit.reset();
          pay.open(card, fingerprintOf(draft.propertyId, amount, card.paymentMethodId), amount);
        },
        onError: (cause) => {
          pay.isWorking.current = false;
          void showAlert(errorMessage(cause, errors.submitBidFailed));
        },
      },
    );
  };

  const confirm = () =>
    pay.confirm({
      send: ({ idempotencyKey, card, details: amount }, callbacks) =>
        submit.mutate(
          {
            propertyId: draft.propertyId,
            bidAmount: amount,
            paymentMethodId: card.paymentMethodId,
            idempotencyKey,
            name: draft.name,
          },
          callbacks,
        ),
      // The review is done with: Back from My Bids returns to the building, not here.
      onPaid: () => void navigate(`${paths.bids}?tab=buy`, { replace: true }),
      failureText: (cause) => errorMessage(cause, errors.submitBidFailed),
    });

  return {
    pay,
    inputId,
    value,
    setValue,
    showProblemNow: () => setShowProblem(true),
    problem: showProblem ? bid.problem : null,
    totals: bid.amount === null ? null : bidTotals(bid.amount),
    isChecking: check.isPending,
    isPlacing: submit.isPending || submit.isSuccess,
    placeBid,
    confirm,
  };
}
