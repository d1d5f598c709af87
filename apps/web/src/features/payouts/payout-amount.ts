import { INSTANT_PAYOUT_FEE_CENTS } from "@mx/shared/constants";
import { dollarsToCents } from "@mx/shared/money";
import { payoutsCopy } from "./copy";

/** "25", "25.5", "25.50", "$1,025.50" → cents; null for anything that is not a whole number of cents. */
export function parseDollars(input: string): number | null {
  const cleaned = input.trim().replace(/^\$/, "").replaceAll(",", "");
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  return dollarsToCents(Number(cleaned));
}

/** What an instant payout of `amountCents` costs and sends: the fee comes out of the amount. */
export function instantQuote(amountCents: number, feeCents = INSTANT_PAYOUT_FEE_CENTS) {
  return { amountCents, feeCents, receiveCents: amountCents - feeCents };
}

/** Why an instant payout of this amount cannot be asked for, or null when it can. */
export function instantAmountProblem(
  amountCents: number | null,
  availableCents: number,
  feeCents = INSTANT_PAYOUT_FEE_CENTS,
): string | null {
  if (amountCents === null || amountCents <= 0) return payoutsCopy.amountInvalid;
  if (amountCents <= feeCents) return payoutsCopy.amountTooSmall;
  if (amountCents > availableCents) return payoutsCopy.amountTooLarge;
  return null;
}
