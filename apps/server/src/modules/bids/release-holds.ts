import { GatewayRequestError } from "@mx/processors/gateway";
import { PAYPAL_BID_TTL_HOURS, PENDING_BID_TTL_DAYS } from "@mx/shared/constants";
import { and, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { bids } from "../../db/schema/bids";
import { paymentIntents } from "../../db/schema/payments";
import type { BidRowStatus } from "../../db/schema/states";
import type { AppDeps } from "../../deps";
import { PAYPAL_METHOD } from "../payments/paypal-gateway";
import { bidActivity } from "./bid-activity";
import type { HeldBid } from "./bid-rows";

export const BID_TTL_MS = PENDING_BID_TTL_DAYS * 24 * 60 * 60_000;
/**
 * PayPal honours an authorization for 3 days; after that it must be re-authorized, which PayPal may refuse. A bid
 * held by PayPal therefore expires within those 3 days (an hour to spare), and its hold is never re-authorized.
 */
export const PAYPAL_BID_TTL_MS = PAYPAL_BID_TTL_HOURS * 60 * 60_000;
export const bidTtlMs = (paymentMethodId: string) =>
  paymentMethodId === PAYPAL_METHOD ? PAYPAL_BID_TTL_MS : BID_TTL_MS;

/** Statuses whose card hold must be let go. */
export const RELEASED_STATUSES = [
  "rejected",
  "cancelled",
  "expired",
  "replaced",
  "released",
  "failed",
] as const satisfies readonly BidRowStatus[];

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

/** Pending bids older than 7 days expire (card authorisations do not last for ever); their holds are then owed. */
export async function expireBids(deps: AppDeps, now = new Date()): Promise<number> {
  const expired = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(bids)
      .set({ status: "expired", decidedAt: now, updatedAt: now })
      .where(and(eq(bids.status, "pending"), lt(bids.expiresAt, now)))
      .returning({ id: bids.id });
    for (const row of rows) await bidActivity(tx, row.id, "expired");
    return rows;
  });
  return expired.length;
}

/** Bids closed one way or another whose card hold has not been let go yet. */
export async function findOwedHolds(deps: AppDeps, now = new Date()): Promise<HeldBid[]> {
  return deps.db
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
}
