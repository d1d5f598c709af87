import { INSTANT_PAYOUT_FEE_CENTS } from "@mx/shared/constants";
import { errors, formats } from "@mx/shared/messages";
import { formatCents } from "@mx/shared/money";
import { paths } from "@mx/shared/routes";
import type { Balance, PayoutCard } from "@mx/shared/schemas/payouts";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { ErrorBox, StatusNote } from "../../../components/ui/error-box";
import { TextField } from "../../../components/ui/text-field";
import { showAlert } from "../../../lib/alerts";
import { errorMessage } from "../../../lib/api-client";
import { useIdempotentRetry } from "../../../lib/use-idempotent-retry";
import { useInstantPayout } from "../api/instant-payout";
import { payoutsCopy } from "../copy";
import { instantAmountProblem, parseDollars } from "../payout-amount";
import { payoutCardLabel } from "../payout-card-label";
import { ConfirmPayoutDialog } from "./confirm-payout-dialog";

interface InstantPanelProps {
  balance: Balance | undefined;
  defaultCard: PayoutCard | null;
  isConnected: boolean;
}

const toDollarsInput = (cents: number) => (cents / 100).toFixed(2);

/**
 * The Instant tab: an amount (the whole balance to start with) to the default debit card, for the 1.00 fee.
 * The checks come in a fixed order (a default card, a connected account, a balance above 0:
 * docs/decisions/0007-instant-payout-checks.md), then a confirmation shows the amount, the fee and what arrives
 * before any money moves.
 */
export function InstantPanel({ balance, defaultCard, isConnected }: InstantPanelProps) {
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

  return (
    <div className="payouts-panel">
      <p className="payouts-panel__hint">{payoutsCopy.instantHint}</p>
      <div className="payouts-destination">
        {defaultCard ? (
          <span className="payouts-destination__card">
            {payoutsCopy.toCard(payoutCardLabel(defaultCard))}
          </span>
        ) : (
          <span className="payouts-destination__none">{payoutsCopy.noDefaultCard}</span>
        )}
        <Link className="payouts-destination__link" to={paths.withdrawalMethods}>
          {payoutsCopy.manageCards}
        </Link>
      </div>
      <TextField
        id={amountId}
        label={payoutsCopy.amountLabel}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setIsEdited(true);
          setProblem(null);
        }}
        hint={payoutsCopy.amountHint(formatCents(availableCents))}
        aria-invalid={problem ? true : undefined}
        aria-errormessage={problem ? errorId : undefined}
        trailing={<span className="payouts-amount__currency">USD</span>}
      />
      <div id={errorId}>
        <ErrorBox>{problem}</ErrorBox>
      </div>
      <StatusNote>{note}</StatusNote>
      <Button className="payouts-panel__action" onClick={start}>
        {payoutsCopy.withdrawInstantly}
      </Button>
      {confirming ? (
        <ConfirmPayoutDialog
          title={payoutsCopy.confirmInstantTitle}
          amountCents={confirming.amountCents}
          feeCents={INSTANT_PAYOUT_FEE_CENTS}
          destination={payoutCardLabel(confirming.card)}
          isSending={instant.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={confirm}
        />
      ) : null}
    </div>
  );
}
