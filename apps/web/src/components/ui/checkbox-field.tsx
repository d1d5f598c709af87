import { type InputHTMLAttributes, type ReactNode, useId } from "react";

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id"> {
  label: ReactNode;
}

export function CheckboxField({ label, ...inputProps }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="checkbox">
      <input id={id} type="checkbox" className="checkbox__input" {...inputProps} />
      <label htmlFor={id} className="checkbox__label">
        {label}
      </label>
    </div>
  );
}
