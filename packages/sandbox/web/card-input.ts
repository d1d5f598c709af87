import { cardMessages } from "@mx/shared/card-messages";
import { type CardBrand, cardBrandOf, cardNumberLengths, passesLuhn } from "@mx/shared/cards";
/**
 * The sandbox card forms' own formatting and checks, in the words Stripe's Card Element uses (`cardMessages`), so
 * both providers read the same. Nothing here keeps or logs a card number: every function takes the value and
 * returns a result.
 */

/** The sandbox card form's own fields (the name is the form's). */
export type CardField = "number" | "expiry" | "cvc";

export type { CardBrand };
export { passesLuhn };

/** The scheme a number's first digits announce; "other" until they say (the table lives in @mx/shared/cards). */
export const detectBrand = cardBrandOf;
const validLengths = cardNumberLengths;

export function maxNumberLength(brand: CardBrand): number {
  return Math.max(...validLengths(brand));
}

export function cvcLength(brand: CardBrand): number {
  return brand === "amex" ? 4 : 3;
}

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/** Groups of 4 as the player types ("4242 4242 4242 4242"); American Express as 4-6-5, as printed. */
export function formatCardNumber(digits: string): string {
  const groups = detectBrand(digits) === "amex" ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(" ");
}

/** The caret position in `formatted` just after its `count`-th digit. */
export function caretAfterDigits(formatted: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted[index] ?? "")) seen += 1;
    if (seen === count) return index + 1;
  }
  return formatted.length;
}

/**
 * "MM / YY" as typed. A first digit above 1 can only be a month of its own ("4" → "04 / ");
 * an autofilled "04/2031" becomes "04 / 31".
 */
export function formatExpiry(raw: string): string {
  const autofilled = raw.match(/^\s*(\d{1,2})\s*\/\s*(\d{4}|\d{2})\s*$/);
  let digits: string;
  if (autofilled) {
    const [, month = "", year = ""] = autofilled;
    digits = month.padStart(2, "0") + year.slice(-2);
  } else {
    digits = onlyDigits(raw);
    if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  }
  digits = digits.slice(0, 4);
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export interface Expiry {
  month: number;
  /** Four digits. */
  year: number;
}

export function parseExpiry(formatted: string): Expiry | null {
  const digits = onlyDigits(formatted);
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}

/** Years ahead a card's expiry may lie, as Stripe allows. */
const MAX_YEARS_AHEAD = 50;

export type FieldProblem = { kind: "incomplete" | "invalid"; message: string };

export function checkNumber(digits: string): FieldProblem | null {
  const lengths = validLengths(detectBrand(digits));
  const isValidLength = lengths.includes(digits.length);
  if (digits.length < Math.min(...lengths))
    return { kind: "incomplete", message: cardMessages.numberIncomplete };
  if (isValidLength && passesLuhn(digits)) return null;
  // Nothing more can be typed: the number is wrong.
  if (digits.length >= Math.max(...lengths)) return { kind: "invalid", message: cardMessages.numberInvalid };
  // The player may still be typing; shown once they leave the field or submit.
  return {
    kind: "incomplete",
    message: isValidLength ? cardMessages.numberInvalid : cardMessages.numberIncomplete,
  };
}

export function checkExpiry(formatted: string, now: Date = new Date()): FieldProblem | null {
  const digits = onlyDigits(formatted);
  if (digits.length >= 2) {
    const month = Number(digits.slice(0, 2));
    if (month < 1 || month > 12) return { kind: "invalid", message: cardMessages.expiryMonthInvalid };
  }
  const expiry = parseExpiry(formatted);
  if (!expiry) return { kind: "incomplete", message: cardMessages.expiryIncomplete };
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  if (expiry.year < thisYear) return { kind: "invalid", message: cardMessages.expiryYearPast };
  if (expiry.year === thisYear && expiry.month < thisMonth) {
    return { kind: "invalid", message: cardMessages.expiryPast };
  }
  if (expiry.year > thisYear + MAX_YEARS_AHEAD) {
    return { kind: "invalid", message: cardMessages.expiryYearInvalid };
  }
  return null;
}

export function checkCvc(cvc: string, brand: CardBrand): FieldProblem | null {
  if (cvc.length < cvcLength(brand)) return { kind: "incomplete", message: cardMessages.cvcIncomplete };
  if (cvc.length > cvcLength(brand) || !/^\d+$/.test(cvc)) {
    return { kind: "invalid", message: cardMessages.cvcInvalid };
  }
  return null;
}

/**
 * The expiry after an edit, written by `format`: a backspace over " / " takes the month's last digit with it
 * (otherwise the separator would come straight back).
 */
export function expiryAfterEdit(raw: string, previous: string, format: (value: string) => string): string {
  const isOverSeparator = raw.length < previous.length && onlyDigits(raw) === onlyDigits(previous);
  return format(isOverSeparator ? onlyDigits(previous).slice(0, -1) : raw);
}
