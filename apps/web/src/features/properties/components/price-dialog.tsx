import { BID_INPUT_STEP } from "@mx/shared/constants";
import { errors } from "@mx/shared/messages";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import { TextField } from "../../../components/ui/text-field";
import { propertiesCopy } from "../copy";
import { parsePrice } from "../property-action";

interface PriceDialogProps {
  isOpen: boolean;
  title: string;
  prompt: string;
  /** A note under the input: the base or asking price. */
  hint?: string;
  /** Prefills the input. */
  initialPrice?: number;
  /** The lowest value the input suggests (the browser's own check is off: the rules below decide). */
  min?: number;
  /** A further rule for a valid price: the message to show, or null when it passes. */
  check?: (price: number) => string | null;
  onCancel: () => void;
  /** A price that passed every check. Returns a message when it cannot go on (e.g. 'Missing property ID'). */
  onSubmit: (price: number) => string | null;
}

/** Asks for a price in dollars: 'Please enter a valid price' unless it is a number above 0. */
export function PriceDialog({ isOpen, ...rest }: PriceDialogProps) {
  // Mounted only while open, so every opening starts from a clean form.
  if (!isOpen) return null;
  return <PriceForm {...rest} />;
}

function PriceForm({
  title,
  prompt,
  hint,
  initialPrice,
  min,
  check,
  onCancel,
  onSubmit,
}: Omit<PriceDialogProps, "isOpen">) {
  const inputId = useId();
  const [value, setValue] = useState(initialPrice === undefined ? "" : initialPrice.toFixed(2));
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const price = parsePrice(value);
    const problem = price === null ? errors.validPrice : (check?.(price) ?? onSubmit(price));
    setError(problem);
    if (problem) document.getElementById(inputId)?.focus();
  };

  return (
    // The Dialog focuses the first field: the price input.
    <Dialog isOpen title={title} onClose={onCancel}>
      <form className="form" onSubmit={handleSubmit} noValidate>
        <TextField
          id={inputId}
          // The fixed prompt names the field, so it is read when the field takes the focus.
          label={prompt}
          type="number"
          inputMode="decimal"
          step={BID_INPUT_STEP}
          min={min}
          hint={hint}
          value={value}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            if (error) setError(null);
          }}
        />
        <ErrorBox>{error}</ErrorBox>
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onCancel}>
            {propertiesCopy.cancel}
          </Button>
          <Button type="submit">{propertiesCopy.continue}</Button>
        </div>
      </form>
    </Dialog>
  );
}
