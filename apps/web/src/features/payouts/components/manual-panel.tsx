import { errors, formats } from "@mx/shared/messages";
import type { Balance, PayoutType } from "@mx/shared/schemas/payouts";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { ErrorBox, StatusNote } from "../../../components/ui/error-box";
import { showAlert } from "../../../lib/alerts";
import { errorMessage } from "../../../lib/api-client";
import { useIdempotentRetry } from "../../../lib/use-idempotent-retry";
import { useEditPayout } from "../api/edit-payout";
import { useManualPayout } from "../api/manual-payout";
import { payoutsCopy } from "../copy";
import { ConfirmPayoutDialog } from "./confirm-payout-dialog";

interface ManualPanelProps {
  balance: Balance | undefined;
  payoutType: PayoutType | undefined;
  /** "VISA •••• 5556" when a default payout card exists; the bank otherwise. */
  destination: string;
}

/** A manual payout always sends the whole balance: every attempt is the same request. */
const WHOLE_BALANCE = "whole-balance";

/** The Manual tab: the payout schedule, and a withdrawal of the whole balance after a confirmation. */
export function ManualPanel({ balance, payoutType, destination }: ManualPanelProps) {
  const scheduleName = useId();
  const editPayout = useEditPayout();
  const payout = useManualPayout();
  const [isConfirming, setIsConfirming] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  // A key whose request got no clear answer is reused by the next attempt: the balance goes out once.
  const retry = useIdempotentRetry();
  const availableCents = balance?.availableCents ?? 0;

  const chooseSchedule = (type: PayoutType) => {
    setNote(null);
    editPayout.mutate(type, { onSuccess: () => setNote(payoutsCopy.scheduleSaved(type)) });
  };

  const confirm = () => {
    const key = retry.keyFor(WHOLE_BALANCE);
    payout.mutate(key, {
      onSuccess: (message) => {
        retry.succeeded();
        setIsConfirming(false);
        setNote(message);
      },
      onError: (cause) => {
        retry.failed(key, WHOLE_BALANCE, cause);
        setIsConfirming(false);
        void showAlert(formats.payoutFailed(errorMessage(cause, errors.manualPayoutFailed)));
      },
    });
  };

  return (
    <div className="payouts-panel">
      <p className="payouts-panel__hint">{payoutsCopy.manualHint}</p>
      <fieldset className="payouts-schedule" disabled={editPayout.isPending || payoutType === undefined}>
        <legend className="payouts-schedule__legend">{payoutsCopy.schedule}</legend>
        {(["manual", "automatic"] as const).map((type) => (
          <label key={type} className="payouts-schedule__option">
            <input
              type="radio"
              name={scheduleName}
              value={type}
              checked={payoutType === type}
              onChange={() => chooseSchedule(type)}
            />
            <span>{type === "manual" ? payoutsCopy.scheduleManual : payoutsCopy.scheduleAutomatic}</span>
          </label>
        ))}
      </fieldset>
      <ErrorBox>
        {editPayout.isError ? errorMessage(editPayout.error, errors.updatePayoutOptionFailed) : null}
      </ErrorBox>
      <StatusNote>{note}</StatusNote>
      <Button
        className="payouts-panel__action"
        onClick={() => {
          setNote(null);
          setIsConfirming(true);
        }}
        disabled={availableCents <= 0}
      >
        {payoutsCopy.withdrawAll}
      </Button>
      {isConfirming ? (
        <ConfirmPayoutDialog
          title={payoutsCopy.confirmManualTitle}
          amountCents={availableCents}
          feeCents={0}
          destination={destination}
          isSending={payout.isPending}
          onCancel={() => setIsConfirming(false)}
          onConfirm={confirm}
        />
      ) : null}
    </div>
  );
}
