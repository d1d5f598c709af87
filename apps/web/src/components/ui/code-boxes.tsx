import { type ClipboardEvent, type KeyboardEvent, useRef } from "react";

interface CodeBoxesProps {
  /** One entry per box: a single digit or "". */
  value: string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
  /** Focus the first box when shown. */
  autoFocus?: boolean;
  /** Groups the boxes for assistive technology, e.g. "Verification code". */
  label: string;
}

const DIGIT = /^\d$/;

/** The boxes' refs and their key, change and paste handlers, which keep one digit per box and move focus along. */
function useCodeBoxInput(value: string[], onChange: (value: string[]) => void) {
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const length = value.length;

  const focusBox = (index: number) => {
    const box = inputs.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes digits starting at `start`, then focuses the box after the last one written. */
  const fill = (start: number, digits: string) => {
    const next = [...value];
    let index = start;
    for (const digit of digits) {
      if (index >= length) break;
      next[index] = digit;
      index += 1;
    }
    onChange(next);
    focusBox(index);
  };

  const setBox = (index: number, digit: string) => {
    const next = [...value];
    next[index] = digit;
    onChange(next);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (DIGIT.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Replace whatever the box holds, even when the caret would stop maxLength from accepting it.
      event.preventDefault();
      fill(index, event.key);
      return;
    }
    if (event.key === "Backspace" && value[index] === "") {
      event.preventDefault();
      if (index > 0) focusBox(index - 1);
      return;
    }
    if (event.key === "ArrowLeft" && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === "ArrowRight" && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handleChange = (index: number, raw: string) => {
    // Reached by on-screen keyboards and autofill, which do not send usable key events.
    const digits = raw.replace(/\D/g, "");
    if (digits === "") {
      setBox(index, "");
      return;
    }
    // Autofill may drop the whole code into one box.
    fill(digits.length >= length ? 0 : index, digits.slice(0, length));
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const digits = event.clipboardData.getData("text").replace(/\D/g, "");
    if (!digits) return;
    event.preventDefault();
    // The whole code pasted anywhere fills every box; a shorter piece fills from here on.
    fill(digits.length >= length ? 0 : index, digits.slice(0, length));
  };

  return { inputs, handleKeyDown, handleChange, handlePaste };
}

/**
 * One-character boxes for a numeric code. Typing moves to the next box, Backspace on an
 * empty box moves back, and pasting the whole code fills every box.
 */
export function CodeBoxes({ value, onChange, disabled = false, autoFocus = false, label }: CodeBoxesProps) {
  const { inputs, handleKeyDown, handleChange, handlePaste } = useCodeBoxInput(value, onChange);

  return (
    <fieldset className="code-boxes" disabled={disabled}>
      <legend className="visually-hidden">{label}</legend>
      {value.map((digit, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, never reordered
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          className="code-boxes__box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={1}
          autoComplete={index === 0 ? "one-time-code" : "off"}
          // biome-ignore lint/a11y/noAutofocus: the code step exists only to type the code
          autoFocus={autoFocus && index === 0}
          aria-label={`Digit ${index + 1}`}
          value={digit}
          onFocus={(event) => event.currentTarget.select()}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onChange={(event) => handleChange(index, event.currentTarget.value)}
          onPaste={(event) => handlePaste(index, event)}
        />
      ))}
    </fieldset>
  );
}

export function emptyCode(length: number): string[] {
  return Array.from({ length }, () => "");
}
