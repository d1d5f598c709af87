import { index, integer, text, timestamp } from "drizzle-orm/pg-core";
import {
  paypalAuthorizationStatus,
  paypalBatchStatus,
  paypalCaptureStatus,
  paypalItemStatus,
  paypalOrderStatus,
  sandbox,
} from "./sandbox-schema";

/**
 * The sandbox's PayPal: orders (Orders v2) kept as PayPal keeps them, with the one authorization or capture each
 * may have, and what its test buyer did on the approval page. No network, no keys.
 */
export const sandboxPaypalOrders = sandbox.table(
  "paypal_orders",
  {
    id: text("id").primaryKey(),
    /** The PayPal-Request-Id the order was created with: the same id again returns this order. */
    requestId: text("request_id").unique(),
    /** CAPTURE | AUTHORIZE */
    intent: text("intent").notNull(),
    /** CREATED → APPROVED → COMPLETED, or VOIDED */
    status: paypalOrderStatus("status").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    customId: text("custom_id"),
    referenceId: text("reference_id"),
    description: text("description"),
    /** What the test buyer did: null (not yet), approved, cancelled, or declined (approved with a failing wallet). */
    payerAction: text("payer_action"),
    authorizationId: text("authorization_id").unique(),
    /** CREATED → CAPTURED, or VOIDED or EXPIRED */
    authorizationStatus: paypalAuthorizationStatus("authorization_status"),
    authorizationExpiresAt: timestamp("authorization_expires_at", { withTimezone: true }),
    captureId: text("capture_id").unique(),
    /** COMPLETED → PARTIALLY_REFUNDED → REFUNDED */
    captureStatus: paypalCaptureStatus("capture_status"),
    capturedCents: integer("captured_cents").notNull().default(0),
    refundedCents: integer("refunded_cents").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("paypal_orders_created_idx").on(t.createdAt)],
);

/** Refunds of a sandbox capture, one per PayPal-Request-Id: a refund asked for twice is made once. */
export const sandboxPaypalRefunds = sandbox.table("paypal_refunds", {
  id: text("id").primaryKey(),
  requestId: text("request_id").unique(),
  captureId: text("capture_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Payouts (Payouts v1) the sandbox made to its test buyer's account, one per sender_batch_id. */
export const sandboxPaypalPayouts = sandbox.table("paypal_payouts", {
  id: text("id").primaryKey(),
  senderBatchId: text("sender_batch_id").notNull().unique(),
  /**
   * The PayPal-Request-Id it was sent with: the same id again is a retry, answered with this payout; its
   * sender_batch_id under another id is refused as used. Null on payouts made before it was kept.
   */
  requestId: text("request_id").unique(),
  receiver: text("receiver").notNull(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  /** SUCCESS: the sandbox pays its test buyer at once. */
  status: paypalBatchStatus("status").notNull(),
  /** The one item's transaction_status: SUCCESS at once here (a test may make it UNCLAIMED or RETURNED). */
  itemStatus: paypalItemStatus("item_status").notNull().default("SUCCESS"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
