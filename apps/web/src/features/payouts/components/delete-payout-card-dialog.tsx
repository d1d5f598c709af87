import { errors, formats, texts } from "@mx/shared/messages";
import { useRef } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import { errorMessage } from "../../../lib/api-client";
import { payoutsCopy } from "../copy";

interface DeletePayoutCardDialogProps {
  /** "VISA •••• 5556", or null while closed. */
  label: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  isDeleting: boolean;
  error: unknown;
}

/** Asks before a payout card is removed; a refusal reads 'Delete failed: …' and the dialog stays for a retry. */
export function DeletePayoutCardDialog({
  label,
  onCancel,
  onConfirm,
  isDeleting,
  error,
}: DeletePayoutCardDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      isOpen={label !== null}
      title={payoutsCopy.deleteTitle}
      onClose={onCancel}
      isBusy={isDeleting}
      initialFocusRef={cancelRef}
    >
      <p className="dialog__text">{label ? payoutsCopy.deleteText(label) : null}</p>
      <ErrorBox>
        {error ? formats.deleteFailed(errorMessage(error, errors.deletePayoutAccountFailed)) : null}
      </ErrorBox>
      <div className="dialog__actions">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={isDeleting}>
          {texts.cancel}
        </Button>
        <Button variant="danger" onClick={onConfirm} busy={isDeleting}>
          {isDeleting ? texts.deleting : payoutsCopy.deleteConfirm}
        </Button>
      </div>
    </Dialog>
  );
}
