import { formats, texts } from "@mx/shared/messages";
import { useRef } from "react";
import { errorMessage } from "../../lib/api-client";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { ErrorBox } from "../ui/error-box";

interface DeleteCardDialogProps {
  /** "VISA •••• 4242", or null while closed. */
  label: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  isDeleting: boolean;
  error: unknown;
  copy: { deleteTitle: string; deleteText: (label: string) => string; deleteConfirm: string };
  /** Shown after 'Delete failed: ' when the refusal has no message of its own. */
  failedMessage: string;
}

/** Asks before a card is deleted; a refusal reads 'Delete failed: …' and the dialog stays for a retry. */
export function DeleteCardDialog({
  label,
  onCancel,
  onConfirm,
  isDeleting,
  error,
  copy,
  failedMessage,
}: DeleteCardDialogProps) {
  // Cancel gets the focus: the safe choice is the default one.
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      isOpen={label !== null}
      title={copy.deleteTitle}
      onClose={onCancel}
      isBusy={isDeleting}
      initialFocusRef={cancelRef}
    >
      <p className="dialog__text">{label ? copy.deleteText(label) : null}</p>
      <ErrorBox>{error ? formats.deleteFailed(errorMessage(error, failedMessage)) : null}</ErrorBox>
      <div className="dialog__actions">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={isDeleting}>
          {texts.cancel}
        </Button>
        <Button variant="danger" onClick={onConfirm} busy={isDeleting}>
          {isDeleting ? texts.deleting : copy.deleteConfirm}
        </Button>
      </div>
    </Dialog>
  );
}
