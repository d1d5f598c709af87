import { boolean, index, integer, jsonb, text, timestamp } from "drizzle-orm/pg-core";
import {
  noticeKind,
  noticeState,
  paypalDisputeStatus,
  sandbox,
  sandboxDisputeStatus,
} from "./sandbox-schema";

/**
 * The sandbox card processor's disputes, as Stripe keeps them: one per payment at most, its amount and Stripe's $15
 * fee taken from the platform's balance when it opens, given back when it is won.
 */
export const sandboxDisputes = sandbox.table(
  "disputes",
  {
    id: text("id").primaryKey(),
    paymentIntentId: text("payment_intent_id").notNull().unique(),
    amountCents: integer("amount_cents").notNull(),
    feeCents: integer("fee_cents").notNull().default(1500),
    currency: text("currency").notNull(),
    /** fraudulent, product_not_received, … */
    reason: text("reason").notNull(),
    status: sandboxDisputeStatus("status").notNull().default("needs_response"),
    /** The platform's evidence, once submitted. */
    evidence: text("evidence"),
    evidenceDueBy: timestamp("evidence_due_by", { withTimezone: true }).notNull(),
    fundsWithdrawn: boolean("funds_withdrawn").notNull().default(true),
    fundsReinstated: boolean("funds_reinstated").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("disputes_created_idx").on(t.createdAt)],
);

/** Early fraud warnings (Stripe Radar's), one per payment at most. */
export const sandboxFraudWarnings = sandbox.table("fraud_warnings", {
  id: text("id").primaryKey(),
  paymentIntentId: text("payment_intent_id").notNull().unique(),
  /** unauthorized_use_of_card, card_never_received, … */
  fraudType: text("fraud_type").notNull(),
  actionable: boolean("actionable").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox PayPal's disputes (Disputes v1), one per capture at most. */
export const sandboxPaypalDisputes = sandbox.table(
  "paypal_disputes",
  {
    /** `PP-D-…` */
    id: text("id").primaryKey(),
    orderId: text("order_id").notNull(),
    captureId: text("capture_id").notNull().unique(),
    /** UNAUTHORISED, MERCHANDISE_OR_SERVICE_NOT_RECEIVED, … */
    reason: text("reason").notNull(),
    status: paypalDisputeStatus("status").notNull().default("OPEN"),
    /** RESOLVED_SELLER_FAVOUR or RESOLVED_BUYER_FAVOUR once resolved. */
    outcome: text("outcome"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    feeCents: integer("fee_cents").notNull().default(0),
    /** The seller's note, once given. */
    evidence: text("evidence"),
    sellerResponseDueAt: timestamp("seller_response_due_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("paypal_disputes_created_idx").on(t.createdAt)],
);

/**
 * What the processors have to tell the product, kept until told: written when the event happens, delivered when
 * due (Stripe's "shortly after": the server's notice delay, unless `waits` is false), tried again while the product
 * fails to take it, and found again by the next sweep after a restart. `key` makes each event one notice.
 */
export const sandboxNotices = sandbox.table(
  "notices",
  {
    id: text("id").primaryKey(),
    key: text("key").notNull().unique(),
    kind: noticeKind("kind").notNull(),
    /** The payment (open_dispute, raise_warning) or the dispute (decide_dispute, paypal_dispute) it is about. */
    subject: text("subject").notNull(),
    /** open_dispute: the reason; decide_dispute and paypal_dispute: the outcome, if any. */
    detail: jsonb("detail").$type<{ reason?: string; outcome?: string }>().notNull().default({}),
    /** Whether the server's notice delay still applies (before the first try). */
    waits: boolean("waits").notNull().default(true),
    state: noticeState("state").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    notBefore: timestamp("not_before", { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("notices_due_idx").on(t.state, t.notBefore)],
);
