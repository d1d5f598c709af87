import { DISPUTE_STATUSES, INTENT_STATUSES } from "@mx/processors/gateway";
import { pgEnum } from "drizzle-orm/pg-core";

/**
 * The states of every record that money moves through, as PostgreSQL enums: a state the code does not know cannot be
 * written, and each union type below is what the code that switches on a state is checked against.
 */

/**
 * A purchase from the game: pending (the building is held, the card not yet charged or its answer not yet settled)
 * → completed (owned); or failed (nothing charged), or refunding → refunded (charged, but the building could not
 * be given: the charge is being returned).
 */
export const PURCHASE_STATUSES = ["pending", "completed", "failed", "refunding", "refunded"] as const;
export const purchaseStatus = pgEnum("purchase_status", PURCHASE_STATUSES);
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/**
 * A bid: holding (its card hold is being made) → pending (held, waiting for the owner) → accepting (the capture is
 * under way) → accepted; or rejected (by the owner), cancelled (by the bidder), expired, replaced (by the bidder's
 * newer bid), released (the building went another way) or failed (the hold or the capture could not be made); a
 * captured bid whose sale could not be completed is refunding until its money is back with the bidder (then failed).
 * The players' API shows fewer of them (`BID_STATUSES` in the shared package).
 */
export const BID_ROW_STATUSES = [
  "holding",
  "pending",
  "accepting",
  "accepted",
  "rejected",
  "cancelled",
  "expired",
  "replaced",
  "released",
  "failed",
  "refunding",
] as const;
export const bidStatus = pgEnum("bid_status", BID_ROW_STATUSES);
export type BidRowStatus = (typeof BID_ROW_STATUSES)[number];

/** A payout of earnings: requested (recorded, not yet sent) → pending (sent, the processor has it) → paid | failed. */
export const PAYOUT_STATES = ["requested", "pending", "paid", "failed"] as const;
export const payoutState = pgEnum("payout_state", PAYOUT_STATES);
export type PayoutState = (typeof PAYOUT_STATES)[number];

/** The refund of a deleted account's earnings: requested → refunded | failed. */
export const ACCOUNT_REFUND_STATES = ["requested", "refunded", "failed"] as const;
export const accountRefundState = pgEnum("account_refund_state", ACCOUNT_REFUND_STATES);
export type AccountRefundState = (typeof ACCOUNT_REFUND_STATES)[number];

/** An offer-wall completion: pending (not yet credited) → credited → reversed (the partner took it back). */
export const OFFER_COMPLETION_STATUSES = ["pending", "credited", "reversed"] as const;
export const offerCompletionStatus = pgEnum("offer_completion_status", OFFER_COMPLETION_STATUSES);
export type OfferCompletionStatus = (typeof OFFER_COMPLETION_STATUSES)[number];

/**
 * A shop checkout, on the money skeleton: reserved (our row and its processor key, committed before the processor is
 * asked) → open (the processor's session or PayPal order noted; the customer may pay) → ordered (paid, its order and
 * journal written). A checkout that never got its session, or was never paid before it lapsed, is abandoned.
 */
export const SHOP_CHECKOUT_STATES = ["reserved", "open", "ordered", "abandoned"] as const;
export const shopCheckoutState = pgEnum("shop_checkout_state", SHOP_CHECKOUT_STATES);
export type ShopCheckoutState = (typeof SHOP_CHECKOUT_STATES)[number];

/** A shop order: paid (waiting to ship) → shipped. */
export const SHOP_ORDER_STATUSES = ["paid", "shipped"] as const;
export const shopOrderStatus = pgEnum("shop_order_status", SHOP_ORDER_STATUSES);
export type ShopOrderStatus = (typeof SHOP_ORDER_STATUSES)[number];

/**
 * A card payment intent as the processor reports it, kept on the record of each intent asked for: the processor
 * interface's list of statuses (`INTENT_STATUSES`).
 */
export const PAYMENT_INTENT_STATUSES = INTENT_STATUSES;
export const paymentIntentStatus = pgEnum("payment_intent_status", PAYMENT_INTENT_STATUSES);
export type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];

/** A dispute's state, as the processor interface names it (`DISPUTE_STATUSES`). */
export const DISPUTE_STATES = DISPUTE_STATUSES;
export const disputeState = pgEnum("dispute_state", DISPUTE_STATES);
export type DisputeState = (typeof DISPUTE_STATES)[number];

/** What a disputed payment bought: a building from the game, a building by bid, a development, a shop order. */
export const DISPUTE_SUBJECTS = ["purchase", "bid", "development", "shop_order"] as const;
export const disputeSubject = pgEnum("dispute_subject", DISPUTE_SUBJECTS);
export type DisputeSubject = (typeof DISPUTE_SUBJECTS)[number];

/**
 * A seller's proceeds from one sale: clearing (in `clearing:<seller>`, not yet withdrawable) → cleared (moved to
 * their earnings at `clears_at`); or clawed_back (the payment was disputed or refunded while they cleared), which a
 * won dispute turns back to clearing.
 */
export const CLEARANCE_STATES = ["clearing", "cleared", "clawed_back"] as const;
export const clearanceState = pgEnum("clearance_state", CLEARANCE_STATES);
export type ClearanceState = (typeof CLEARANCE_STATES)[number];
