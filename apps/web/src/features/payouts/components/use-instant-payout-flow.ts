import { errors, formats } from "@mx/shared/messages";
import type { Balance, PayoutCard } from "@mx/shared/schemas/payouts";
import { useEffect, useId, useState } from "react";
import { showAlert } from "../../../lib/alerts";
import { errorMessage } from "../../../lib/api-client";
import { useIdempotentRetry } from "../../../lib/use-idempotent-retry";
import { useInstantPayout } from "../api/instant-payout";
import { instantAmountProblem, parseDollars } from "../payout-amount";

const toDollarsInput = (cents: number) => (cents / 100).toFixed(2);

/**
 * The Instant tab's state: the amount (following the balance until typed over), the problem found, the payout
 * awaiting confirmation and the note after it; `start` runs the checks, `confirm` sends the payout.
 */
export function useInstantPayoutFlow(
  balance: Balance | undefined,
  defaultCard: PayoutCard | null,
  isConnected: boolean,
) {
  const amountId = useId();
  const errorId = useId();
  const instant = useInstantPayout();
  const availableCents = balance?.availableCents ?? 0;
  const [amount, setAmount] = useState(() => (balance ? toDollarsInput(availableCents) : ""));
  const [isEdited, setIsEdited] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ amountCents: number; card: PayoutCard } | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const retry = useIdempotentRetry();

  // Until the player types, the amount follows the balance (it arrives, or changes after a payout).
  useEffect(() => {
    if (!isEdited && balance) setAmount(toDollarsInput(balance.availableCents));
  }, [balance, isEdited]);

  const start = () => {
    setNote(null);
    if (!defaultCard) return setProblem(errors.noDefaultPayoutCard);
    if (!isConnected) return setProblem(errors.stripeNotConnected);
    if (availableCents <= 0) return setProblem(errors.insufficientInstantBalance);
    const cents = parseDollars(amount);
    const found = instantAmountProblem(cents, availableCents);
    if (found || cents === null) {
      setProblem(found);
      document.getElementById(amountId)?.focus();
      return;
    }
    setProblem(null);
    setConfirming({ amountCents: cents, card: defaultCard });
  };

  const confirm = () => {
    if (!confirming) return;
    const fingerprint = `${confirming.amountCents}|${confirming.card.id}`;
    const key = retry.keyFor(fingerprint);
    instant.mutate(
      { amount: confirming.amountCents, cardId: confirming.card.id, idempotencyKey: key },
      {
        onSuccess: (message) => {
          retry.succeeded();
          setConfirming(null);
          setIsEdited(false);
          setNote(message);
        },
        onError: (cause) => {
          retry.failed(key, fingerprint, cause);
          setConfirming(null);
          void showAlert(formats.instantPayoutFailed(errorMessage(cause, errors.instantPayoutFailed)));
        },
      },
    );
  };
  /** The player typed an amount: it no longer follows the balance, and the old problem goes. */
  const changeAmount = (value: string) => {
    setAmount(value);
    setIsEdited(true);
    setProblem(null);
  };

  return {
    amountId,
    errorId,
    isSending: instant.isPending,
    availableCents,
    amount,
    changeAmount,
    problem,
    confirming,
    cancelConfirm: () => setConfirming(null),
    note,
    start,
    confirm,
  };
}
