import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { bids } from "../../db/schema/bids";
import type { AppDeps } from "../../deps";
import { recoverOperation } from "../money/operation";
import { WAITING_PAYMENT_MS } from "../payments/waiting-payments";
import { bidHold } from "./bid-rows";
import { acceptOperation } from "./decide-bid";
import { expireBids, findOwedHolds, releaseHold, releaseHolds } from "./release-holds";

/**
 * Everything at once, each item on its own (the jobs do the same one job per item): expires pending bids older than
 * 7 days, recovers steps a stopped server left half done, and releases every hold still owed. Safe on several
 * instances at once.
 */
export async function sweepBids(
  deps: AppDeps,
  now = new Date(),
): Promise<{ expired: number; released: number; recovered: number }> {
  const expired = await expireBids(deps, now);
  let recovered = 0;
  for (const id of await findInterruptedBids(deps, now)) {
    try {
      if (await recoverBid(deps, id, now)) recovered += 1;
    } catch (error) {
      // Its claim moved its clock, so the next runs try the others first.
      deps.log?.error({ err: error, bidId: id }, "could not recover bid; will retry");
    }
  }
  let released = 0;
  for (const bid of await findOwedHolds(deps, now)) {
    try {
      if (await releaseHold(deps, bid)) released += 1;
    } catch (error) {
      deps.log?.warn({ err: error, bidId: bid.id }, "bid hold not released");
    }
  }
  return { expired, released, recovered };
}

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
 *   - `holding` (the hold may or may not have been made): the hold, found by the bid's key if its id was never
 *     noted, is let go and the bid fails;
 *   - `accepting` and `refunding`: the acceptance's money operation resumes (acceptOperation): a capture that went
 *     through is completed as the sale the owner asked for (or refunded if the sale cannot be written), a hold never
 *     captured goes back to pending for the owner to accept again, and a refund begun is asked for again with the
 *     same key, so it happens once.
 * Returns whether it changed anything.
 */
export async function recoverBid(deps: AppDeps, bidId: string, now = new Date()): Promise<boolean> {
  const { db, gateway } = deps;
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
    const intent = bid.paymentIntentId
      ? await gateway.retrievePaymentIntent(bid.paymentIntentId)
      : await gateway.findPaymentIntent(bidHold(bid));
    // A hold waiting for the bidder's bank is given its time (from when it began to wait) before it is abandoned.
    const waitsUntil = Math.min(
      bid.awaitingUntil?.getTime() ?? Number.POSITIVE_INFINITY,
      bid.createdAt.getTime() + WAITING_PAYMENT_MS,
    );
    if (intent?.status === "requires_action" && now.getTime() < waitsUntil) {
      return false;
    }
    // The hold goes through the releases owed below (now, and on every later sweep until it is let go).
    await db
      .update(bids)
      .set({
        status: "failed",
        failure: "interrupted before the bid was placed",
        paymentIntentId: intent?.id ?? null,
        updatedAt: now,
      })
      .where(and(eq(bids.id, bid.id), eq(bids.status, "holding")));
    await releaseHolds(deps, [{ id: bid.id, paymentIntentId: intent?.id ?? null }]);
    return true;
  }
  // Accepting or refunding: the acceptance's money operation resumes (a sale it made released other bids, whose
  // holds are owed and let go by the sweep).
  const result = await recoverOperation(acceptOperation(deps), bid, { waitUntil: null, now });
  return result !== "waiting" && result !== "settled already";
}
