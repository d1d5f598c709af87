import { errors, texts } from "@mx/shared/messages";
import { useRef } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import { errorMessage } from "../../../lib/api-client";

interface DeleteAccountDialogProps {
  isOpen: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  isDeleting: boolean;
  error: unknown;
}

export function DeleteAccountDialog({
  isOpen,
  onCancel,
  onConfirm,
  isDeleting,
  error,
}: DeleteAccountDialogProps) {
  // Cancel gets the focus: the safe choice is the default one.
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      isOpen={isOpen}
      title={texts.confirmDeletion}
      onClose={onCancel}
      isBusy={isDeleting}
      initialFocusRef={cancelRef}
    >
      <p className="dialog__text">{texts.confirmDeletionText}</p>
      <ErrorBox>{error ? errorMessage(error, errors.deleteUserFailed) : null}</ErrorBox>
      <div className="dialog__actions">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={isDeleting}>
          {texts.cancel}
        </Button>
        <Button variant="danger" onClick={onConfirm} busy={isDeleting}>
          {isDeleting ? texts.deleting : texts.yesDelete}
        </Button>
      </div>
    </Dialog>
  );
}
