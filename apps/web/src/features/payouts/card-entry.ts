/**
 * The sandbox payout card form's checks, in the words Stripe's Card Element uses. Nothing here keeps a card
 * number: every function takes the value and returns a result.
 */
import { payoutsCopy } from "./copy";

export const onlyDigits = (value: string) => value.replace(/\D/g, "");

/** "4000056655665556" → "4000 0566 5566 5556"; American Express numbers as 4-6-5. */
export function formatCardNumber(digits: string): string {
  const groups = /^3[47]/.test(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(" ");
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** "0431" or "04 / 31" → "04 / 31" as the player types. */
export function formatExpiry(value: string): string {
  const digits = onlyDigits(value).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) return `0${digits} / `;
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export function parseExpiry(value: string): { month: number; year: number } | null {
  const digits = onlyDigits(value);
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}

export type CardField = "number" | "expiry" | "cvc";

/** The first problem with the entered card, as Stripe words it, or null when it can be tokenised. */
export function cardProblem(
  { number, expiry, cvc }: { number: string; expiry: string; cvc: string },
  now = new Date(),
): { field: CardField; message: string } | null {
  const digits = onlyDigits(number);
  if (digits.length < 12) return { field: "number", message: payoutsCopy.numberIncomplete };
  if (digits.length > 19 || !luhnValid(digits))
    return { field: "number", message: payoutsCopy.numberInvalid };
  const date = parseExpiry(expiry);
  if (!date) return { field: "expiry", message: payoutsCopy.expiryIncomplete };
  if (date.month < 1 || date.month > 12) return { field: "expiry", message: payoutsCopy.expiryMonthInvalid };
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  if (date.year * 12 + date.month - 1 < thisMonth)
    return { field: "expiry", message: payoutsCopy.expiryPast };
  const cvcLength = /^3[47]/.test(digits) ? 4 : 3;
  if (onlyDigits(cvc).length !== cvcLength) return { field: "cvc", message: payoutsCopy.cvcIncomplete };
  return null;
}
