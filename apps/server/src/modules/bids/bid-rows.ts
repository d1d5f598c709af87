import type { FindIntentInput } from "@mx/processors/gateway";
import { CURRENCY } from "@mx/shared/constants";
import type { bids } from "../../db/schema/bids";

/** A bid as its table holds it. */
export type BidRow = typeof bids.$inferSelect;

/** A bid whose card hold may have to be let go. */
export type HeldBid = { id: string; paymentIntentId: string | null };

/** The processor key of a bid's hold, fixed by the bid's id (written before the hold is asked for). */
export const bidHoldKey = (bidId: string) => `bid:${bidId}`;

/**
 * A bid's hold as the processor is asked for it, from the bid's row: the same call when it is made and when recovery
 * rebuilds it to find the hold it may have made (see findPaymentIntent).
 */
export function bidHold(
  bid: Pick<BidRow, "id" | "buildingId" | "bidderId" | "totalCents" | "paymentMethodId">,
): FindIntentInput {
  return {
    operation: bidHoldKey(bid.id),
    paymentMethodId: bid.paymentMethodId,
    amountCents: bid.totalCents,
    currency: CURRENCY,
    captureMethod: "manual",
    metadata: {
      purpose: "bid",
      bidId: bid.id,
      buildingId: bid.buildingId,
      userId: bid.bidderId,
      amountCents: String(bid.totalCents),
    },
  };
}

/** The processor keys of an accepted bid's capture and of its refund, fixed by the bid's id. */
export const bidCaptureKey = (bidId: string) => `bid-capture:${bidId}`;
export const bidRefundKey = (bidId: string) => `bid-refund:${bidId}`;
