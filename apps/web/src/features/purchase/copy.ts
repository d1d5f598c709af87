/**
 * This feature's own screen copy, free to change. Texts the product fixes word for word come from
 * @mx/shared/messages (docs/decisions/0003-texts-fixed-word-for-word.md).
 */
export const purchaseCopy = {
  title: "Order Review",
  youAreBuying: "You are buying",
  price: "Price",
  salesTax: "Sales tax",
  processingFee: "Processing fee",
  total: "Total",
  payWith: "Pay with",
  noCardHint: "Add a card to pay for this building.",
  loadingCard: "Loading your card…",
  tryAgain: "Try again",
  finalSale:
    "All sales are final. You pay when you confirm: credits first, if you spend any, then your card or PayPal for the rest.",
  chargeLabel: "Charged to",
  pay: (total: string) => `Pay ${total}`,
  paying: "Paying…",
  cancel: "Cancel",
  bought: (name: string) => `You now own ${name}.`,
  credits: "Offer-wall credits",
  loadingCredits: "Loading your credits…",
  creditsUnavailable: "Your credits could not be loaded; you can still pay by card.",
  creditsBalance: (amount: string) => `You have ${amount} of credits to spend.`,
  creditsFrom: (when: string) => `Credits from a new account can be spent from ${when}.`,
  spendCredits: (amount: string) => `Use ${amount} of credits for this building`,
  paidWithCredits: "Paid with credits",
  chargedToCard: "Charged to your card",
  earnCredits: "Earn credits on the offer wall",
  developTitle: "Development Review",
  youAreDeveloping: "You are developing",
  developmentOf: (name: string, building: string) => `${name} of ${building}`,
  developmentCost: "Development cost",
  constructionTime: "Construction time",
  levelOf: (level: number, of: number) => `Level ${level} of ${of}`,
  developing: (name: string) => `${name} is under construction.`,
  developFinalSale:
    "All sales are final: once construction starts it cannot be cancelled or refunded. You pay when you confirm: credits first, if you spend any, then your card or PayPal for the rest.",
  valueNote:
    "When construction finishes, the building's price rises by the development cost (fee and tax excluded).",
} as const;
