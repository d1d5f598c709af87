import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { bids } from "../../db/schema/bids";
import { bidActivity } from "../bids/bid-activity";
import type { HeldBid } from "../bids/bid-rows";

/**
 * A warned payment that is still a bid's hold (nothing captured, nothing bought): the bid is cancelled in the
 * warning's transaction, so it can never be accepted and captured; its hold is let go after the commit
 * (bids/release-holds.ts, retried by the release-bid-holds job). Null when the payment is no waiting bid's hold.
 */
export async function cancelWarnedHold(
  tx: Tx,
  paymentIntentId: string,
): Promise<(HeldBid & { bidderId: string }) | null> {
  const [cancelled] = await tx
    .update(bids)
    .set({ status: "cancelled", decidedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(bids.paymentIntentId, paymentIntentId), eq(bids.status, "pending")))
    .returning({ id: bids.id, paymentIntentId: bids.paymentIntentId, bidderId: bids.bidderId });
  if (!cancelled) return null;
  await bidActivity(tx, cancelled.id, "cancelled");
  return cancelled;
}
