/**
 * The sandbox payout card form's checks, in the words Stripe's Card Element uses. Nothing here keeps a card
 * number: every function takes the value and returns a result.
 */
import { type CardField, onlyDigits, parseExpiry, passesLuhn } from "../../lib/card-input";
import { payoutsCopy } from "./copy";

/** "0431" or "04 / 31" → "04 / 31" as the player types. */
export function formatExpiry(value: string): string {
  const digits = onlyDigits(value).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) return `0${digits} / `;
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** The first problem with the entered card, as Stripe words it, or null when it can be tokenised. */
export function cardProblem(
  { number, expiry, cvc }: { number: string; expiry: string; cvc: string },
  now = new Date(),
): { field: CardField; message: string } | null {
  const digits = onlyDigits(number);
  if (digits.length < 12) return { field: "number", message: payoutsCopy.numberIncomplete };
  if (digits.length > 19 || !passesLuhn(digits))
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
