import type { GatewayCheckoutSession, GatewayCheckoutSessionStatus } from "@mx/processors/checkout-gateway";
import { INTENT_STATUSES } from "@mx/processors/gateway";
import type { GatewayPayoutStatus } from "@mx/processors/payout-gateway";
import type { PaypalOrderStatus } from "@mx/processors/paypal-api";
import { pgSchema } from "drizzle-orm/pg-core";

/** The sandbox processors keep their records in a PostgreSQL schema of their own, apart from the product's. */
export const sandbox = pgSchema("sandbox");

/*
 * The states of the sandbox's records, as enums of its schema: a state the processor does not know cannot be
 * written. Each list names every state the real processor documents, and is checked against the type the product's
 * interface gives it.
 */

/** A payment intent, as Stripe's. */
export const intentStatus = sandbox.enum("payment_intent_status", INTENT_STATUSES);

/** A checkout session: open → complete, or expired. */
export const CHECKOUT_STATUSES = [
  "open",
  "complete",
  "expired",
] as const satisfies readonly GatewayCheckoutSessionStatus[];
export const checkoutStatus = sandbox.enum("checkout_status", CHECKOUT_STATUSES);

/** Whether a checkout session's money was taken. */
export const CHECKOUT_PAYMENT_STATUSES = [
  "unpaid",
  "paid",
  "no_payment_required",
] as const satisfies readonly GatewayCheckoutSession["paymentStatus"][];
export const checkoutPaymentStatus = sandbox.enum("checkout_payment_status", CHECKOUT_PAYMENT_STATUSES);

/** A Connect payout: pending → paid, or failed. */
export const PAYOUT_STATUSES = [
  "pending",
  "paid",
  "failed",
] as const satisfies readonly GatewayPayoutStatus[];
export const payoutStatus = sandbox.enum("payout_status", PAYOUT_STATUSES);

/** A PayPal order (Orders v2). */
export const PAYPAL_ORDER_STATUSES = [
  "CREATED",
  "SAVED",
  "APPROVED",
  "VOIDED",
  "COMPLETED",
  "PAYER_ACTION_REQUIRED",
] as const satisfies readonly PaypalOrderStatus[];
export const paypalOrderStatus = sandbox.enum("paypal_order_status", PAYPAL_ORDER_STATUSES);

/** A PayPal order's authorization. */
export const PAYPAL_AUTHORIZATION_STATUSES = [
  "CREATED",
  "CAPTURED",
  "DENIED",
  "PARTIALLY_CAPTURED",
  "VOIDED",
  "EXPIRED",
  "PENDING",
] as const;
export const paypalAuthorizationStatus = sandbox.enum(
  "paypal_authorization_status",
  PAYPAL_AUTHORIZATION_STATUSES,
);

/** A PayPal capture. */
export const PAYPAL_CAPTURE_STATUSES = [
  "COMPLETED",
  "DECLINED",
  "PARTIALLY_REFUNDED",
  "PENDING",
  "REFUNDED",
  "FAILED",
] as const;
export const paypalCaptureStatus = sandbox.enum("paypal_capture_status", PAYPAL_CAPTURE_STATUSES);

/** A PayPal payout batch (Payouts v1). */
export const PAYPAL_BATCH_STATUSES = ["PENDING", "PROCESSING", "SUCCESS", "DENIED", "CANCELED"] as const;
export const paypalBatchStatus = sandbox.enum("paypal_batch_status", PAYPAL_BATCH_STATUSES);

/** The one item of a PayPal payout batch: its transaction_status. */
export const PAYPAL_ITEM_STATUSES = [
  "SUCCESS",
  "FAILED",
  "PENDING",
  "UNCLAIMED",
  "RETURNED",
  "ONHOLD",
  "BLOCKED",
  "REFUNDED",
  "REVERSED",
] as const;
export const paypalItemStatus = sandbox.enum("paypal_item_status", PAYPAL_ITEM_STATUSES);

/** The offer-wall partner's postback: queued → sending → sent; back to queued after a failed try, failed at last. */
export const POSTBACK_STATES = ["queued", "sending", "sent", "failed"] as const;
export const postbackState = sandbox.enum("postback_state", POSTBACK_STATES);

/** A card dispute, in Stripe's words: the sandbox opens disputes as needs_response; warning_* are inquiries. */
const SANDBOX_DISPUTE_STATUSES = [
  "warning_needs_response",
  "warning_under_review",
  "warning_closed",
  "needs_response",
  "under_review",
  "won",
  "lost",
  "prevented",
] as const;
export const sandboxDisputeStatus = sandbox.enum("dispute_status", SANDBOX_DISPUTE_STATUSES);

/** A PayPal dispute (Disputes v1): the sandbox's go OPEN → UNDER_REVIEW → RESOLVED. */
const PAYPAL_DISPUTE_STATUSES = [
  "OPEN",
  "WAITING_FOR_BUYER_RESPONSE",
  "WAITING_FOR_SELLER_RESPONSE",
  "UNDER_REVIEW",
  "RESOLVED",
  "OTHER",
] as const;
export const paypalDisputeStatus = sandbox.enum("paypal_dispute_status", PAYPAL_DISPUTE_STATUSES);

/**
 * What the processors tell the product later, on their own: a card's dispute opened, an early fraud warning raised,
 * a dispute decided, a PayPal dispute opened or resolved.
 */
const NOTICE_KINDS = ["open_dispute", "raise_warning", "decide_dispute", "paypal_dispute"] as const;
export const noticeKind = sandbox.enum("notice_kind", NOTICE_KINDS);

/** A notice: queued → sending → sent; back to queued after a failed try, failed at last. */
const NOTICE_STATES = ["queued", "sending", "sent", "failed"] as const;
export const noticeState = sandbox.enum("notice_state", NOTICE_STATES);
