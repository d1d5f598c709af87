import { formatCents } from "@mx/shared/money";
import { useRef } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { payoutsCopy } from "../copy";

interface ConfirmPayoutDialogProps {
  title: string;
  amountCents: number;
  /** 0 for a standard payout: no fee line. */
  feeCents: number;
  /** "VISA •••• 5556", or the bank. */
  destination: string;
  isSending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Asked before any money moves: the amount, the fee and what arrives, and where. Focus starts on Cancel, so a
 * stray Enter never sends money; while sending the dialog cannot be dismissed.
 */
export function ConfirmPayoutDialog({
  title,
  amountCents,
  feeCents,
  destination,
  isSending,
  onCancel,
  onConfirm,
}: ConfirmPayoutDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog isOpen title={title} onClose={onCancel} isBusy={isSending} initialFocusRef={cancelRef}>
      <dl className="payouts-lines" aria-label={title}>
        <div className="payouts-lines__row">
          <dt>{payoutsCopy.amount}</dt>
          <dd>{formatCents(amountCents)}</dd>
        </div>
        {feeCents > 0 ? (
          <div className="payouts-lines__row">
            <dt>{payoutsCopy.fee}</dt>
            <dd>−{formatCents(feeCents)}</dd>
          </div>
        ) : null}
        <div className="payouts-lines__row payouts-lines__row--total">
          <dt>{payoutsCopy.youReceive}</dt>
          <dd>{formatCents(amountCents - feeCents)}</dd>
        </div>
        <div className="payouts-lines__row">
          <dt>{payoutsCopy.destination}</dt>
          <dd>{destination}</dd>
        </div>
      </dl>
      <div className="dialog__actions">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={isSending}>
          {payoutsCopy.cancel}
        </Button>
        <Button onClick={onConfirm} busy={isSending}>
          {isSending ? payoutsCopy.sending : payoutsCopy.confirm}
        </Button>
      </div>
    </Dialog>
  );
}
