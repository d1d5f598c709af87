import type { bids } from "../../db/schema/bids";

/** A bid as its table holds it. */
export type BidRow = typeof bids.$inferSelect;

/** A bid whose card hold may have to be let go. */
export type HeldBid = { id: string; paymentIntentId: string | null };

/** The processor key of a bid's hold, fixed by the bid's id (written before the hold is asked for). */
export const bidHoldKey = (bidId: string) => `bid:${bidId}`;

/** The processor keys of an accepted bid's capture and of its refund, fixed by the bid's id. */
export const bidCaptureKey = (bidId: string) => `bid-capture:${bidId}`;
export const bidRefundKey = (bidId: string) => `bid-refund:${bidId}`;
