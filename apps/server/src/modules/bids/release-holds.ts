import { PENDING_BID_TTL_DAYS } from "@mx/shared/constants";
import { and, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { bids } from "../../db/schema/bids";
import { paymentIntents } from "../../db/schema/payments";
import type { AppDeps } from "../../deps";
import { GatewayRequestError } from "../payments/gateway";
import { bidActivity } from "./bid-activity";

export const BID_TTL_MS = PENDING_BID_TTL_DAYS * 24 * 60 * 60_000;
/** A hold or capture still in flight after this long was interrupted (the server stopped half way). */
export const STALE_STEP_MS = 10 * 60_000;

/** Statuses whose card hold must be let go. */
export const RELEASED_STATUSES = [
  "rejected",
  "cancelled",
  "expired",
  "replaced",
  "released",
  "failed",
] as const;

export type HeldBid = { id: string; paymentIntentId: string | null };

/**
 * Lets a bid's card hold go. Safe to repeat: an intent already cancelled (or never confirmed) counts as released.
 * A processor that cannot be reached leaves `hold_released_at` empty, and `sweepBids` tries again later.
 */
export async function releaseHold(deps: AppDeps, bid: HeldBid): Promise<boolean> {
  const { db, gateway } = deps;
  if (bid.paymentIntentId) {
    try {
      await gateway.cancelPaymentIntent({ id: bid.paymentIntentId, idempotencyKey: `bid-release:${bid.id}` });
    } catch (error) {
      if (!(error instanceof GatewayRequestError)) {
        deps.log?.warn({ err: error, bidId: bid.id }, "bid hold not released yet; will retry");
        return false;
      }
      const intent = await gateway.retrievePaymentIntent(bid.paymentIntentId);
      if (intent.status === "requires_capture") throw error;
    }
    await db
      .update(paymentIntents)
      .set({ status: "canceled", updatedAt: new Date() })
      .where(and(eq(paymentIntents.id, bid.paymentIntentId), eq(paymentIntents.status, "requires_capture")));
  }
  await db
    .update(bids)
    .set({ holdReleasedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(bids.id, bid.id), isNull(bids.holdReleasedAt)));
  return true;
}

/** Releases holds one by one; one that fails is logged and left for the next sweep. */
export async function releaseHolds(deps: AppDeps, held: HeldBid[]): Promise<void> {
  for (const bid of held) {
    try {
      await releaseHold(deps, bid);
    } catch (error) {
      deps.log?.warn({ err: error, bidId: bid.id }, "bid hold not released");
    }
  }
}

/**
 * The scheduled job: expires pending bids older than 7 days (card authorisations do not last for ever), settles
 * steps a stopped server left half done, and releases every hold still owed. Safe on several instances at once.
 */
export async function sweepBids(
  deps: AppDeps,
  now = new Date(),
): Promise<{ expired: number; released: number }> {
  const { db, gateway } = deps;
  const expired = await db.transaction(async (tx) => {
    const rows = await tx
      .update(bids)
      .set({ status: "expired", decidedAt: now, updatedAt: now })
      .where(and(eq(bids.status, "pending"), lt(bids.expiresAt, now)))
      .returning({ id: bids.id });
    for (const row of rows) await bidActivity(tx, row.id, "expired");
    return rows;
  });

  const staleBefore = new Date(now.getTime() - STALE_STEP_MS);
  const stale = await db
    .select({ id: bids.id, status: bids.status, paymentIntentId: bids.paymentIntentId })
    .from(bids)
    .where(and(inArray(bids.status, ["holding", "accepting"]), lt(bids.updatedAt, staleBefore)));
  for (const bid of stale) {
    // A capture that went through for a sale never written is given back before the hold counts as released.
    if (bid.status === "accepting" && bid.paymentIntentId) {
      const intent = await gateway.retrievePaymentIntent(bid.paymentIntentId);
      if (intent.status === "succeeded") {
        await gateway.refund({ paymentIntentId: intent.id, idempotencyKey: `bid-refund:${bid.id}` });
      }
    }
    await db
      .update(bids)
      .set({ status: "failed", failure: "interrupted before it was completed", updatedAt: now })
      .where(and(eq(bids.id, bid.id), eq(bids.status, bid.status)));
  }

  const owed = await db
    .select({ id: bids.id, paymentIntentId: bids.paymentIntentId })
    .from(bids)
    .where(
      and(
        inArray(bids.status, [...RELEASED_STATUSES]),
        isNull(bids.holdReleasedAt),
        isNotNull(bids.createdAt),
        sql`${bids.updatedAt} <= ${now}`,
      ),
    )
    .limit(500);
  let released = 0;
  for (const bid of owed) {
    try {
      if (await releaseHold(deps, bid)) released += 1;
    } catch (error) {
      deps.log?.warn({ err: error, bidId: bid.id }, "bid hold not released");
    }
  }
  return { expired: expired.length, released };
}
