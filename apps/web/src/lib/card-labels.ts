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
