import { type InputHTMLAttributes, useId, useState } from "react";
import { EyeIcon, EyeOffIcon } from "./icons";
import { TextField } from "./text-field";

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id"> {
  label: string;
  id?: string;
}

/** A password input with its own show/hide toggle; two fields on one form toggle independently. */
export function PasswordField({ label, id, ...inputProps }: PasswordFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextField
      {...inputProps}
      id={inputId}
      label={label}
      type={isVisible ? "text" : "password"}
      autoCapitalize="none"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className="field__toggle"
          aria-label={isVisible ? "Hide password" : "Show password"}
          aria-controls={inputId}
          onClick={() => setIsVisible((visible) => !visible)}
        >
          {isVisible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
