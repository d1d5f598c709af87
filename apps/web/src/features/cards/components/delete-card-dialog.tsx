import { errors, formats, texts } from "@mx/shared/messages";
import { useRef } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import { errorMessage } from "../../../lib/api-client";
import { cardsCopy } from "../copy";

interface DeleteCardDialogProps {
  /** "VISA •••• 4242", or null while closed. */
  label: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  isDeleting: boolean;
  error: unknown;
}

/** Asks before a card is deleted; a refusal reads 'Delete failed: …' and the dialog stays for a retry. */
export function DeleteCardDialog({ label, onCancel, onConfirm, isDeleting, error }: DeleteCardDialogProps) {
  // Cancel gets the focus: the safe choice is the default one.
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      isOpen={label !== null}
      title={cardsCopy.deleteTitle}
      onClose={onCancel}
      isBusy={isDeleting}
      initialFocusRef={cancelRef}
    >
      <p className="dialog__text">{label ? cardsCopy.deleteText(label) : null}</p>
      <ErrorBox>
        {error ? formats.deleteFailed(errorMessage(error, errors.deletePaymentMethodFailed)) : null}
      </ErrorBox>
      <div className="dialog__actions">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={isDeleting}>
          {texts.cancel}
        </Button>
        <Button variant="danger" onClick={onConfirm} busy={isDeleting}>
          {isDeleting ? texts.deleting : cardsCopy.deleteConfirm}
        </Button>
      </div>
    </Dialog>
  );
}
