import { cardBrandOf as brandOf, passesLuhn as luhnValid } from "@mx/shared/cards";

/** How one of Stripe's published test card numbers behaves. */
export type CardBehaviour =
  | "ok"
  /** Refused when attached ("Your card was declined."). */
  | "declined"
  /** Attaches; every charge fails for lack of funds. */
  | "insufficient_funds"
  /** Attaches; every charge is declined. */
  | "charge_declined"
  | "charge_expired"
  | "charge_incorrect_cvc"
  | "charge_processing_error"
  /** Every payment needs the bank's 3-D Secure check first (the sandbox's challenge page). */
  | "authenticate"
  /** A debit card that attaches as a payout card; every payout to it fails ("could_not_process"). */
  | "payout_fails"
  /** Charges succeed; each captured charge is disputed as fraudulent shortly after. */
  | "dispute_fraudulent"
  /** Charges succeed; each captured charge is disputed as product not received shortly after. */
  | "dispute_product_not_received"
  /** Charges succeed; each captured charge meets an early fraud warning (unauthorized use of the card) shortly after. */
  | "early_fraud_warning";

/**
 * Stripe's public test numbers (facts from its testing documentation) and what each does; one of the sandbox's own
 * stands in for an early fraud warning, which Stripe's test mode raises on a card of its choosing.
 */
const TEST_CARDS: Record<string, { behaviour: CardBehaviour; funding: string }> = {
  "4242424242424242": { behaviour: "ok", funding: "credit" },
  "4000056655665556": { behaviour: "ok", funding: "debit" },
  "5555555555554444": { behaviour: "ok", funding: "credit" },
  "2223003122003222": { behaviour: "ok", funding: "credit" },
  "5200828282828210": { behaviour: "ok", funding: "debit" },
  "5105105105105100": { behaviour: "ok", funding: "prepaid" },
  "378282246310005": { behaviour: "ok", funding: "credit" },
  "371449635398431": { behaviour: "ok", funding: "credit" },
  "6011111111111117": { behaviour: "ok", funding: "credit" },
  "6011000990139424": { behaviour: "ok", funding: "credit" },
  "3056930009020004": { behaviour: "ok", funding: "credit" },
  "36227206271667": { behaviour: "ok", funding: "credit" },
  "3566002020360505": { behaviour: "ok", funding: "credit" },
  "6200000000000005": { behaviour: "ok", funding: "credit" },
  "4000000000000002": { behaviour: "declined", funding: "credit" },
  "4000000000009995": { behaviour: "insufficient_funds", funding: "credit" },
  "4000000000000341": { behaviour: "charge_declined", funding: "credit" },
  "4000000000000069": { behaviour: "charge_expired", funding: "credit" },
  "4000000000000127": { behaviour: "charge_incorrect_cvc", funding: "credit" },
  "4000000000000119": { behaviour: "charge_processing_error", funding: "credit" },
  // 3-D Secure: authentication required for one-off payments, and always.
  "4000002500003155": { behaviour: "authenticate", funding: "credit" },
  "4000000000003220": { behaviour: "authenticate", funding: "credit" },
  // Payout cards: any debit card above receives payouts; this one is refused by the card's bank.
  "6011981111111113": { behaviour: "ok", funding: "debit" },
  "4000000000005126": { behaviour: "payout_fails", funding: "debit" },
  // Disputes: the charge succeeds, then its cardholder disputes it.
  "4000000000000259": { behaviour: "dispute_fraudulent", funding: "credit" },
  "4000000000002685": { behaviour: "dispute_product_not_received", funding: "credit" },
  // The sandbox's own (not one of Stripe's numbers): the charge succeeds, then the issuer raises an early fraud warning.
  "4000000000008005": { behaviour: "early_fraud_warning", funding: "credit" },
};

/** What follows a captured charge on a card of these behaviours: the notice the processor sends, and its reason. */
export const CARD_AFTERMATH: Partial<
  Record<CardBehaviour, { kind: "open_dispute" | "raise_warning"; reason: string }>
> = {
  dispute_fraudulent: { kind: "open_dispute", reason: "fraudulent" },
  dispute_product_not_received: { kind: "open_dispute", reason: "product_not_received" },
  early_fraud_warning: { kind: "raise_warning", reason: "unauthorized_use_of_card" },
};

// One table of schemes and one Luhn check for the server and the web app.
export { brandOf, luhnValid };

/** A Luhn-valid number that is not a test card behaves as Stripe's test mode treats real cards: declined. */
export function testCard(digits: string): { behaviour: CardBehaviour; funding: string; isTestCard: boolean } {
  const known = TEST_CARDS[digits];
  return known
    ? { ...known, isTestCard: true }
    : { behaviour: "declined", funding: "unknown", isTestCard: false };
}

/**
 * Stripe's test tokens (`tok_…`, facts from its testing documentation) and the test card each stands for. A card
 * with a brand of its own beside its scheme's (Cartes Bancaires, co-branded with Visa) names it.
 */
const TEST_TOKENS: Record<string, { number: string; brand?: string }> = {
  tok_visa: { number: "4242424242424242" },
  tok_visa_debit: { number: "4000056655665556" },
  tok_mastercard: { number: "5555555555554444" },
  tok_mastercard_debit: { number: "5200828282828210" },
  tok_amex: { number: "371449635398431" },
  tok_discover_debit: { number: "6011981111111113" },
  tok_cartes_bancaires: { number: "4000002500001001", brand: "cartes_bancaires" },
};

/** A test card as a processor describes it once tokenised. */
export type TokenisedCard = { brand: string; last4: string; funding: string };

/** The card one of Stripe's test tokens stands for, or null for any other token. */
export function testTokenCard(token: string): TokenisedCard | null {
  const card = Object.hasOwn(TEST_TOKENS, token) ? TEST_TOKENS[token] : undefined;
  if (!card) return null;
  const known = testCard(card.number);
  return {
    brand: card.brand ?? brandOf(card.number),
    last4: card.number.slice(-4),
    funding: known.isTestCard ? known.funding : "unknown",
  };
}

/** Stripe's wording for each refusal. */
export const CARD_MESSAGES = {
  incorrect_number: "Your card number is incorrect.",
  invalid_expiry_month: "Your card's expiration month is invalid.",
  invalid_expiry_year: "Your card's expiration year is invalid.",
  expired_card: "Your card has expired.",
  invalid_cvc: "Your card's security code is invalid.",
  card_declined: "Your card was declined.",
  live_card_in_test_mode: "Your card was declined. Your request was in test mode, but used a non test card.",
  insufficient_funds: "Your card has insufficient funds.",
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: "An error occurred while processing your card. Try again in a little bit.",
} as const;
