/**
 * Stripe's Card Element wording, used by every card form of ours so both providers read the same: each screen's
 * copy in the web app carries it, whichever provider the server names, and the sandbox's own card checks
 * (`@mx/sandbox/web/card-input`) say it too.
 */
export const cardMessages = {
  numberIncomplete: "Your card number is incomplete.",
  numberInvalid: "Your card number is invalid.",
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryMonthInvalid: "Your card's expiration month is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  expiryYearPast: "Your card's expiration year is in the past.",
  expiryYearInvalid: "Your card's expiration year is invalid.",
  cvcIncomplete: "Your card's security code is incomplete.",
  cvcInvalid: "Your card's security code is invalid.",
} as const;
