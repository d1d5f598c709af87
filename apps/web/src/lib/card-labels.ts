import type { CardBrand } from "@mx/shared/cards";

/** How the screens name a card scheme: "VISA", "MASTERCARD", "AMEX". */
export function brandLabel(scheme: string): string {
  return (scheme || "other").toUpperCase();
}

const CHIP_NAMES: Record<string, string> = {
  visa: "VISA",
  mastercard: "MC",
  amex: "AMEX",
  discover: "DISC",
  diners: "DINERS",
  jcb: "JCB",
  unionpay: "UPI",
};

/** The short name printed on the small card face beside a card. */
export function chipLabel(scheme: string): string {
  return CHIP_NAMES[scheme] ?? "CARD";
}

/** "VISA •••• 4242": a card on file as 'type •••• last4'. */
export function cardOnFileLabel(card: { cardScheme: string; last4: string }): string {
  if (card.cardScheme === "paypal") return "PayPal";
  if (card.cardScheme === "credits") return "Credits";
  return `${brandLabel(card.cardScheme)} •••• ${card.last4}`;
}

/** "Exp 04/2031": the month always padded to two digits, the year in full. */
export function cardOnFileExpiry(card: { expiryMonth: number; expiryYear: number }): string {
  return `Exp ${String(card.expiryMonth).padStart(2, "0")}/${card.expiryYear}`;
}

/** Stripe.js names schemes in words ("American Express", "MasterCard"); the server stores the short form. */
export function brandFromStripe(name: string | undefined | null): CardBrand {
  const key = (name ?? "").toLowerCase().replace(/[^a-z]/g, "");
  const known: Record<string, CardBrand> = {
    visa: "visa",
    mastercard: "mastercard",
    americanexpress: "amex",
    amex: "amex",
    discover: "discover",
    dinersclub: "diners",
    diners: "diners",
    jcb: "jcb",
    unionpay: "unionpay",
  };
  return known[key] ?? "other";
}
