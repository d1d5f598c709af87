import { formatCents } from "@mx/shared/money";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { earningsClearances } from "../../db/schema/disputes";
import { accounts, postJournal } from "./ledger";

/**
 * A seller's proceeds clear before they can leave: a sale credits `clearing:<seller>` and writes an
 * `earnings_clearances` row; once its `clears_at` passes, `releaseClearedEarnings` moves it to `earnings:<seller>`
 * (journal `earnings_cleared`), which is all a payout may take. A dispute (or a refund after an early fraud warning)
 * on the buyer's payment while the proceeds still clear takes them back (`clawBackClearing`); a won dispute gives them
 * back to clear again (`restoreClawback`).
 */

export type SaleProceeds = {
  sellerId: string;
  /** The sale's journal reference (the bid's id). */
  saleReference: string;
  paymentIntentId: string | null;
  buildingId: string;
  amountCents: number;
  /** EARNINGS_CLEAR_HOURS. */
  clearHours: number;
};

/**
 * Records a sale's proceeds as clearing, in the sale's transaction; its journal credits `accounts.clearing(seller)`
 * with `amountCents`. With no hours to wait they clear at once, in the same transaction.
 */
export async function recordClearingProceeds(tx: Tx, proceeds: SaleProceeds): Promise<void> {
  const [row] = await tx
    .insert(earningsClearances)
    .values({
      sellerId: proceeds.sellerId,
      saleReference: proceeds.saleReference,
      paymentIntentId: proceeds.paymentIntentId,
      buildingId: proceeds.buildingId,
      amountCents: proceeds.amountCents,
      clearsAt: sql`now() + ${sql.raw(`interval '${Math.max(0, Math.trunc(proceeds.clearHours))} hours'`)}`,
    })
    .returning({ id: earningsClearances.id });
  if (row && proceeds.clearHours <= 0) await clearOne(tx, row.id);
}

/**
 * Moves one clearing row's proceeds to its seller's earnings, in the caller's transaction, if it still clears; false
 * if it no longer does.
 */
export async function clearOne(tx: Tx, clearanceId: string): Promise<boolean> {
  const [row] = await tx
    .update(earningsClearances)
    .set({ state: "cleared", clearedAt: new Date() })
    .where(and(eq(earningsClearances.id, clearanceId), eq(earningsClearances.state, "clearing")))
    .returning();
  if (!row) return false;
  await postJournal(tx, {
    kind: "earnings_cleared",
    reference: row.id,
    ...(row.buildingId ? { building: { id: row.buildingId } } : {}),
    memo: `proceeds of ${formatCents(row.amountCents)} cleared`,
    entries: [
      { account: accounts.clearing(row.sellerId), amountCents: -row.amountCents },
      { account: accounts.earnings(row.sellerId), amountCents: row.amountCents },
    ],
  });
  return true;
}

/** The ids of the rows whose time to clear has come by `now`, soonest first. */
export async function dueClearances(db: Db, now = new Date(), limit = 200): Promise<string[]> {
  const due = await db
    .select({ id: earningsClearances.id })
    .from(earningsClearances)
    .where(and(eq(earningsClearances.state, "clearing"), lte(earningsClearances.clearsAt, now)))
    .orderBy(asc(earningsClearances.clearsAt))
    .limit(limit);
  return due.map((row) => row.id);
}

/**
 * Clears every row whose time has come, each in a transaction of its own (a row another process is clearing is
 * skipped); returns how many cleared. For tests that must see cleared earnings now: the clearing job clears row by
 * row through payouts' `releaseProceeds`, which also pays a deleted seller's proceeds where their refund went.
 */
export async function releaseClearedEarnings(db: Db, limit = 200): Promise<number> {
  let cleared = 0;
  for (const id of await dueClearances(db, new Date(), limit)) {
    if (await db.transaction((tx) => clearOne(tx, id))) cleared += 1;
  }
  return cleared;
}

/**
 * Takes back what a payment's sale left clearing with its seller (journal `dispute_clawback`, reference `reference`:
 * the dispute's or the fraud warning's id), in the caller's transaction; returns the cents taken (0 if already
 * cleared, or nothing was sold with it).
 */
export async function clawBackClearing(
  tx: Tx,
  input: { paymentIntentId: string; reference: string },
): Promise<number> {
  const rows = await tx
    .update(earningsClearances)
    .set({ state: "clawed_back" })
    .where(
      and(
        eq(earningsClearances.paymentIntentId, input.paymentIntentId),
        eq(earningsClearances.state, "clearing"),
      ),
    )
    .returning();
  if (rows.length === 0) return 0;
  const total = rows.reduce((sum, row) => sum + row.amountCents, 0);
  await postJournal(tx, {
    kind: "dispute_clawback",
    reference: input.reference,
    ...(rows[0]?.buildingId ? { building: { id: rows[0].buildingId } } : {}),
    memo: `clearing proceeds of ${formatCents(total)} taken back`,
    entries: [
      ...rows.map((row) => ({ account: accounts.clearing(row.sellerId), amountCents: -row.amountCents })),
      { account: accounts.disputesClawedBack, amountCents: total },
    ],
  });
  return total;
}

/**
 * Gives back what `clawBackClearing` took for a payment (journal `dispute_clawback_return`, same reference): the
 * proceeds clear again, at their first time (at once if it has passed, by the next run of the job).
 */
export async function restoreClawback(
  tx: Tx,
  input: { paymentIntentId: string; reference: string },
): Promise<number> {
  const rows = await tx
    .update(earningsClearances)
    .set({ state: "clearing" })
    .where(
      and(
        eq(earningsClearances.paymentIntentId, input.paymentIntentId),
        eq(earningsClearances.state, "clawed_back"),
      ),
    )
    .returning();
  if (rows.length === 0) return 0;
  const total = rows.reduce((sum, row) => sum + row.amountCents, 0);
  await postJournal(tx, {
    kind: "dispute_clawback_return",
    reference: input.reference,
    ...(rows[0]?.buildingId ? { building: { id: rows[0].buildingId } } : {}),
    memo: `clearing proceeds of ${formatCents(total)} given back`,
    entries: [
      { account: accounts.disputesClawedBack, amountCents: -total },
      ...rows.map((row) => ({ account: accounts.clearing(row.sellerId), amountCents: row.amountCents })),
    ],
  });
  return total;
}
