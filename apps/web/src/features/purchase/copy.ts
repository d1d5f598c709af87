/** Screen copy the spec leaves open; the texts it fixes come from @mx/shared/messages. */
export const purchaseCopy = {
  title: "Order Review",
  back: "Back",
  youAreBuying: "You are buying",
  price: "Price",
  salesTax: "Sales tax",
  processingFee: "Processing fee",
  total: "Total",
  payWith: "Pay with",
  cardLabel: (brand: string, last4: string) => `${brand} •••• ${last4}`,
  expires: (month: number, year: number) => `Exp ${String(month).padStart(2, "0")}/${year}`,
  noCardHint: "Add a card to pay for this building.",
  loadingCard: "Loading your card…",
  tryAgain: "Try again",
  finalSale: "All sales are final. Your card is charged the total when you confirm.",
  chargeLabel: "Charged to",
  pay: (total: string) => `Pay ${total}`,
  paying: "Paying…",
  cancel: "Cancel",
  bought: (name: string) => `You now own ${name}.`,
} as const;

/** How the screens name a scheme: "VISA", "MASTERCARD", "AMEX". */
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

/** The short name printed on the small card face beside the card. */
export function chipLabel(scheme: string): string {
  return CHIP_NAMES[scheme] ?? "CARD";
}
