import { type InputHTMLAttributes, type ReactNode, useId } from "react";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  hint?: ReactNode;
  /** Extra content inside the input's frame, after the input (e.g. a show/hide toggle). */
  trailing?: ReactNode;
  id?: string;
}

export function TextField({ label, hint, trailing, id, className, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={["field", className ?? ""].filter(Boolean).join(" ")}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className={trailing ? "field__frame field__frame--with-trailing" : "field__frame"}>
        <input id={inputId} className="field__input" aria-describedby={hintId} {...inputProps} />
        {trailing}
      </div>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
