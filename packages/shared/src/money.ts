/** Money helpers: the server and ledger keep integer cents; screens show dollars with two decimals. */

/** One formatter for every call: building one per call (as toLocaleString does) is slow on a hot path. */
const dollars = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatDollars(amount: number): string {
  return `$${dollars.format(amount)}`;
}

export function formatCents(cents: number): string {
  return formatDollars(cents / 100);
}

/** Dollars (as typed or sent by a client) to integer cents; null when not a whole number of cents. */
export function dollarsToCents(amount: number): number | null {
  if (!Number.isFinite(amount)) return null;
  const cents = Math.round(amount * 100);
  return Math.abs(cents - amount * 100) < 1e-6 ? cents : null;
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}
