import { detectBrand, onlyDigits, passesLuhn } from "./card-input";

/** The words the payment form shows (the shop's copy). */
export interface SandboxPaymentCopy {
  cardNumber: string;
  expiry: string;
  expiryPlaceholder: string;
  cvc: string;
  nameOnCard: string;
  numberIncomplete: string;
  numberInvalid: string;
  expiryIncomplete: string;
  expiryMonthInvalid: string;
  expiryPast: string;
  cvcIncomplete: string;
  nameRequired: string;
  paymentUnavailable: string;
  sessionExpired: string;
  paymentFailed: string;
  emailLabel: string;
  paying: string;
  payAmount: (amount: string) => string;
  sandboxNote: string;
  sandboxTestCard: string;
  declinedHint: string;
  /** The choice between the customer's saved cards and a new one, as a screen reader names it. */
  savedCardsLegend: string;
  useNewCard: string;
  /** Beside the card the app says is the default. */
  defaultCard: string;
}

/** The fields of a new card in the payment form. */
export type CardFieldName = "number" | "expiry" | "cvc" | "name";

const isAmex = (digits: string) => detectBrand(digits) === "amex";

/** An expiry as typed, shown as "MM / YY" (a first digit over 1 is a month of its own). */
export function formatExpiry(raw: string): string {
  let digits = onlyDigits(raw);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** The first problem with the card, in Stripe's words, so both providers read the same. */
export function cardProblem(
  copy: SandboxPaymentCopy,
  card: { number: string; expiry: string; cvc: string; name: string },
  now = new Date(),
) {
  const digits = onlyDigits(card.number);
  if (digits.length < 12 || !passesLuhn(digits)) {
    const isShort = digits.length < (isAmex(digits) ? 15 : 16);
    return {
      field: "number" as const,
      message: isShort ? copy.numberIncomplete : copy.numberInvalid,
    };
  }
  const expiry = onlyDigits(card.expiry);
  if (expiry.length < 4) return { field: "expiry" as const, message: copy.expiryIncomplete };
  const month = Number(expiry.slice(0, 2));
  const year = 2000 + Number(expiry.slice(2));
  if (month < 1 || month > 12) return { field: "expiry" as const, message: copy.expiryMonthInvalid };
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    return { field: "expiry" as const, message: copy.expiryPast };
  }
  if (onlyDigits(card.cvc).length < (isAmex(digits) ? 4 : 3)) {
    return { field: "cvc" as const, message: copy.cvcIncomplete };
  }
  if (!card.name.trim()) return { field: "name" as const, message: copy.nameRequired };
  return null;
}

/** A new card as the payment form sends it to the tokeniser, from what was typed. */
export function cardToSend(card: { number: string; expiry: string; cvc: string; name: string }) {
  const digits = onlyDigits(card.expiry);
  return {
    number: onlyDigits(card.number),
    expMonth: Number(digits.slice(0, 2)),
    expYear: 2000 + Number(digits.slice(2)),
    cvc: onlyDigits(card.cvc),
    name: card.name.trim(),
  };
}
