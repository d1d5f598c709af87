import { LIMITS } from "@mx/shared/constants";
import { texts } from "@mx/shared/messages";
import { checkShownName } from "@mx/shared/shown-names";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import { TextField } from "../../../components/ui/text-field";
import { propertiesCopy } from "../copy";

interface RenameDialogProps {
  isOpen: boolean;
  currentName: string;
  isSaving: boolean;
  onCancel: () => void;
  /** A trimmed name of 1 to 60 characters. */
  onSave: (name: string) => void;
}

/** 'Building Name': the owner's own name for the building. */
export function RenameDialog({ isOpen, ...rest }: RenameDialogProps) {
  if (!isOpen) return null;
  return <RenameForm {...rest} />;
}

function RenameForm({ currentName, isSaving, onCancel, onSave }: Omit<RenameDialogProps, "isOpen">) {
  const inputId = useId();
  const [name, setName] = useState(currentName);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed.length < 1 || trimmed.length > LIMITS.buildingNameMax) {
      setError(propertiesCopy.nameRequired);
      document.getElementById(inputId)?.focus();
      return;
    }
    // The server decides; the same rules here tell the owner why at once.
    const check = checkShownName("buildingName", trimmed);
    if (!check.ok) {
      setError(propertiesCopy.nameRefused(check.reason));
      document.getElementById(inputId)?.focus();
      return;
    }
    setError(null);
    onSave(check.name);
  };

  return (
    <Dialog isOpen title={texts.buildingName} onClose={onCancel} isBusy={isSaving}>
      <form className="form" onSubmit={handleSubmit} noValidate>
        <TextField
          id={inputId}
          label={propertiesCopy.nameLabel}
          name="buildingName"
          autoComplete="off"
          maxLength={LIMITS.buildingNameMax}
          hint={propertiesCopy.nameHint}
          value={name}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setName(event.target.value);
            if (error) setError(null);
          }}
        />
        <ErrorBox>{error}</ErrorBox>
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onCancel} disabled={isSaving}>
            {propertiesCopy.cancel}
          </Button>
          <Button type="submit" busy={isSaving}>
            {texts.save}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
