import type { ChangeEvent, FocusEvent, ReactNode } from "react";
import type { CardField } from "./card-input";
import { useSandboxWebHost } from "./host";

interface SandboxCardFieldsProps {
  ids: Record<CardField, string>;
  copy: { cardNumber: string; expiry: string; expiryPlaceholder: string; cvc: string };
  values: Record<CardField, string>;
  onChange: Record<CardField, (event: ChangeEvent<HTMLInputElement>) => void>;
  /** Called when the player leaves a field. */
  onLeave?: (field: CardField) => (event: FocusEvent<HTMLInputElement>) => void;
  /** The field's aria-invalid and aria-describedby. */
  fieldState: (field: CardField) => {
    "aria-invalid"?: boolean | undefined;
    "aria-describedby"?: string | undefined;
  };
  disabled: boolean;
  numberClassName?: string;
  /** Inside the number's frame (the scheme's chip). */
  numberTrailing?: ReactNode;
  pairClassName: string;
  cvcPlaceholder: string;
  cvcMaxLength: number;
}

/** Our own card number, expiry and CVC inputs: the sandbox's stand-in for Stripe's card fields. */
export function SandboxCardFields({
  ids,
  copy,
  values,
  onChange,
  onLeave,
  fieldState,
  disabled,
  numberClassName,
  numberTrailing,
  pairClassName,
  cvcPlaceholder,
  cvcMaxLength,
}: SandboxCardFieldsProps) {
  const { TextField } = useSandboxWebHost().ui;
  return (
    <>
      <TextField
        id={ids.number}
        className={numberClassName}
        label={copy.cardNumber}
        name="cc-number"
        type="text"
        inputMode="numeric"
        autoComplete="cc-number"
        autoCorrect="off"
        spellCheck={false}
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        value={values.number}
        onChange={onChange.number}
        onBlur={onLeave?.("number")}
        disabled={disabled}
        {...fieldState("number")}
        trailing={numberTrailing}
      />
      <div className={pairClassName}>
        <TextField
          id={ids.expiry}
          label={copy.expiry}
          name="cc-exp"
          type="text"
          inputMode="numeric"
          autoComplete="cc-exp"
          autoCorrect="off"
          spellCheck={false}
          placeholder={copy.expiryPlaceholder}
          maxLength={7}
          value={values.expiry}
          onChange={onChange.expiry}
          onBlur={onLeave?.("expiry")}
          disabled={disabled}
          {...fieldState("expiry")}
        />
        <TextField
          id={ids.cvc}
          label={copy.cvc}
          name="cc-csc"
          type="text"
          inputMode="numeric"
          autoComplete="cc-csc"
          autoCorrect="off"
          spellCheck={false}
          placeholder={cvcPlaceholder}
          maxLength={cvcMaxLength}
          value={values.cvc}
          onChange={onChange.cvc}
          onBlur={onLeave?.("cvc")}
          disabled={disabled}
          {...fieldState("cvc")}
        />
      </div>
    </>
  );
}
