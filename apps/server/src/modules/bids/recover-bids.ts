import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { bids } from "../../db/schema/bids";
import type { AppDeps } from "../../deps";
import { recoverOperation } from "../money/operation";
import { WAITING_PAYMENT_MS } from "../payments/waiting-payments";
import { acceptOperation } from "./decide-bid";
import { holdOperation } from "./submit-bid";

/** Bids a stopped or failed request left in the middle of a step, untouched for the recovery delay. */
export async function findInterruptedBids(deps: AppDeps, now = new Date()): Promise<string[]> {
  const before = new Date(now.getTime() - deps.config.moneyRecoveryAfterMs);
  const rows = await deps.db
    .select({ id: bids.id })
    .from(bids)
    .where(and(inArray(bids.status, ["holding", "accepting", "refunding"]), lt(bids.updatedAt, before)))
    .orderBy(bids.updatedAt)
    .limit(500);
  return rows.map((r) => r.id);
}

/**
 * Finishes one interrupted bid from the processor's record:
 *   - `holding` (the hold may or may not have been made): the bid's money operation resumes (holdOperation): a
 *     hold still waiting for the bidder's bank is given its time, and any other, found by the bid's key if its id
 *     was never noted, is let go and the bid fails (a hold found made after a stop is never placed);
 *   - `accepting` and `refunding`: the acceptance's money operation resumes (acceptOperation): a capture that went
 *     through is completed as the sale the owner asked for (or refunded if the sale cannot be written), a hold never
 *     captured goes back to pending for the owner to accept again, and a refund begun is asked for again with the
 *     same key, so it happens once.
 * Returns whether it changed anything.
 */
export async function recoverBid(deps: AppDeps, bidId: string, now = new Date()): Promise<boolean> {
  const { db } = deps;
  const before = new Date(now.getTime() - deps.config.moneyRecoveryAfterMs);
  const [bid] = await db
    .update(bids)
    .set({ updatedAt: sql`now()` })
    .where(
      and(
        eq(bids.id, bidId),
        inArray(bids.status, ["holding", "accepting", "refunding"]),
        lt(bids.updatedAt, before),
      ),
    )
    .returning();
  if (!bid) return false;
  if (bid.status === "holding") {
    // A hold waiting for the bidder's bank is given its time (from when it began to wait) before it is abandoned.
    const waitsUntil = Math.min(
      bid.awaitingUntil?.getTime() ?? Number.POSITIVE_INFINITY,
      bid.createdAt.getTime() + WAITING_PAYMENT_MS,
    );
    const result = await recoverOperation(holdOperation(deps), bid, { waitUntil: new Date(waitsUntil), now });
    return result !== "waiting" && result !== "settled already";
  }
  // Accepting or refunding: the acceptance's money operation resumes (a sale it made released other bids, whose
  // holds are owed and let go by the sweep).
  const result = await recoverOperation(acceptOperation(deps), bid, { waitUntil: null, now });
  return result !== "waiting" && result !== "settled already";
}
