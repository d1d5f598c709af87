import { type ChangeEvent, useLayoutEffect, useRef, useState } from "react";
import {
  type CardField,
  caretAfterDigits,
  checkCvc,
  checkExpiry,
  checkNumber,
  cvcLength,
  detectBrand,
  expiryAfterEdit,
  type FieldProblem,
  formatCardNumber,
  formatExpiry,
  maxNumberLength,
  onlyDigits,
} from "./card-input";

/**
 * The card form's number, expiry and CVC as the player types them, formatted as Stripe's Card Element formats them
 * (the caret kept after the same digit), with each field's problem, shown once the field is left or the form sent.
 * `edited` is called on every change. `numberId` is the number input's id.
 */
export function useCardEntry(numberId: string, edited: () => void) {
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  // Like Stripe: an unfinished field is reported once the player leaves it or submits.
  const [left, setLeft] = useState<Record<CardField, boolean>>({ number: false, expiry: false, cvc: false });

  // Formatting rewrites the number; the caret stays after the same digit.
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const input = document.getElementById(numberId);
    const caret = pendingCaret.current;
    pendingCaret.current = null;
    if (input instanceof HTMLInputElement && caret !== null && document.activeElement === input) {
      input.setSelectionRange(caret, caret);
    }
  });

  const digits = onlyDigits(number);
  const brand = detectBrand(digits);
  const problems: Record<CardField, FieldProblem | null> = {
    number: checkNumber(digits),
    expiry: checkExpiry(expiry),
    cvc: checkCvc(cvc, brand),
  };
  const shown = (field: CardField) => {
    const problem = problems[field];
    return problem && (problem.kind === "invalid" || left[field]) ? problem : null;
  };

  const handleNumber = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const caret = input.selectionStart ?? input.value.length;
    let before = onlyDigits(input.value.slice(0, caret)).length;
    let next = onlyDigits(input.value);
    // Backspace over a space removes the digit before it, not only the space.
    if (next === digits && input.value.length < number.length && before > 0) {
      next = next.slice(0, before - 1) + next.slice(before);
      before -= 1;
    }
    next = next.slice(0, maxNumberLength(detectBrand(next)));
    const formatted = formatCardNumber(next);
    pendingCaret.current = caretAfterDigits(formatted, Math.min(before, next.length));
    setNumber(formatted);
    setCvc((current) => current.slice(0, cvcLength(detectBrand(next))));
    edited();
  };

  const handleExpiry = (event: ChangeEvent<HTMLInputElement>) => {
    setExpiry(expiryAfterEdit(event.currentTarget.value, expiry, formatExpiry));
    edited();
  };

  const handleCvc = (event: ChangeEvent<HTMLInputElement>) => {
    setCvc(onlyDigits(event.currentTarget.value).slice(0, cvcLength(brand)));
    edited();
  };

  const leave = (field: CardField) => () => {
    // An empty field is not reported on its own: the player may not have reached it yet.
    const value = { number: digits, expiry, cvc }[field];
    if (value) setLeft((current) => ({ ...current, [field]: true }));
  };

  const leaveAll = () => setLeft({ number: true, expiry: true, cvc: true });
  const handlers = { number: handleNumber, expiry: handleExpiry, cvc: handleCvc };
  return { number, expiry, cvc, digits, brand, problems, shown, handlers, leave, leaveAll };
}
