import { cardMessages } from "@mx/shared/card-messages";

/**
 * This feature's own screen copy, free to change. Texts the product fixes word for word come from
 * @mx/shared/messages (docs/decisions/0003-texts-fixed-word-for-word.md).
 */
export const cardsCopy = {
  backToProfile: "Back to profile",
  back: "Back",
  yourCards: "Your cards",
  defaultBadge: "Default",
  cardLabel: (brand: string, last4: string) => `${brand} •••• ${last4}`,
  select: (label: string) => `Select ${label}`,
  expires: (month: string, year: number) => `Exp ${month}/${year}`,
  deleteCard: (label: string) => `Delete ${label}`,
  deleteTitle: "Delete card",
  deleteText: (label: string) => `${label} will be removed from your payment methods.`,
  deleteConfirm: "Delete",
  deleted: (label: string) => `${label} was removed.`,
  nowDefault: (label: string) => `${label} is now your default card.`,
  tickHint: "Tick a card, then choose Set as Default to pay with it.",
  emptyHint: "Add a card to buy buildings and place bids.",
  // Add Card
  nameOnCard: "Cardholder name",
  namePlaceholder: "Name as printed on the card",
  cardNumber: "Card number",
  expiry: "Expiry (MM / YY)",
  expiryPlaceholder: "MM / YY",
  cvc: "CVC",
  cardDetails: "Card details",
  nameRequired: "Enter the cardholder name as it appears on the card.",
  adding: "Adding…",
  secureNote:
    "Card details go straight to our payment processor; we keep only the brand, last 4 digits, expiry and name on the card.",
  sandboxNote: "Sandbox mode: no real card is charged. Try the test card",
  sandboxTestCard: "4242 4242 4242 4242",
  brandDetected: (brand: string) => `Card brand: ${brand}`,
  stripeLoading: "Loading the secure card field…",
  stripeUnavailable: "The secure card field could not be loaded. Check your connection and reload the page.",
  configFailed: "The card form could not be loaded.",
  tryAgain: "Try again",
  // Stripe's Card Element wording, used by the sandbox form as well.
  ...cardMessages,
} as const;
