import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { clearanceState, disputeState, disputeSubject } from "./states";
import { users } from "./users";

/**
 * A payment's dispute (chargeback) as the processor last reported it, and what the platform has done about it. One row
 * per processor dispute; the journals it posts use its id as their reference, so each is written once.
 */
export const disputes = pgTable(
  "disputes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** sandbox, stripe or paypal. */
    processor: text("processor").notNull(),
    processorId: text("processor_id").notNull(),
    /** The disputed payment (`payment_intents.id`, or a PayPal order's `paypal_…`). */
    paymentIntentId: text("payment_intent_id").notNull(),
    /** What the payment bought, and its row: the purchase, the bid, the development or the shop order. */
    subject: disputeSubject("subject").notNull(),
    subjectId: text("subject_id").notNull(),
    /** The building it bought or developed (null for a shop order). */
    buildingId: text("building_id"),
    /** The player who paid. */
    payerId: uuid("payer_id").references(() => users.id),
    amountCents: integer("amount_cents").notNull(),
    feeCents: integer("fee_cents").notNull().default(0),
    currency: text("currency").notNull(),
    reason: text("reason").notNull(),
    state: disputeState("state").notNull(),
    evidenceDueBy: timestamp("evidence_due_by", { withTimezone: true }),
    /** The processor holds the funds (withdrawn, not yet reinstated): the `dispute_withdrawn` journal is posted. */
    fundsWithdrawn: boolean("funds_withdrawn").notNull().default(false),
    /** What was taken back from the seller's clearing proceeds when it opened (0 if none). */
    clawedBackCents: integer("clawed_back_cents").notNull().default(0),
    /** Lost: the building went back to the game (false: it had been resold, and its later owner keeps it). */
    returnedToGame: boolean("returned_to_game"),
    evidenceText: text("evidence_text"),
    evidenceSubmittedAt: timestamp("evidence_submitted_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("disputes_processor_id_key").on(t.processor, t.processorId),
    index("disputes_payment_idx").on(t.paymentIntentId),
    index("disputes_open_idx")
      .on(t.evidenceDueBy)
      .where(sql`${t.state} in ('needs_response', 'under_review')`),
  ],
);

/** An early fraud warning, once acted on: the payment refunded, what it bought returned, the payer restricted. */
export const fraudWarnings = pgTable(
  "fraud_warnings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    processor: text("processor").notNull(),
    processorId: text("processor_id").notNull(),
    paymentIntentId: text("payment_intent_id").notNull(),
    fraudType: text("fraud_type").notNull(),
    subject: disputeSubject("subject"),
    subjectId: text("subject_id"),
    payerId: uuid("payer_id").references(() => users.id),
    /** What was done: refunded (and returned to the game), refunded_resold (the later owner keeps it), none. */
    outcome: text("outcome").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("fraud_warnings_processor_id_key").on(t.processor, t.processorId)],
);

/**
 * A seller's proceeds from one sale while they clear: credited to `clearing:<seller>` by the sale, moved to
 * `earnings:<seller>` once `clears_at` passes (journal `earnings_cleared`, reference = this row's id).
 */
export const earningsClearances = pgTable(
  "earnings_clearances",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id),
    /** The sale's journal reference (the bid's id). */
    saleReference: text("sale_reference").notNull(),
    /** The buyer's payment the proceeds came from. */
    paymentIntentId: text("payment_intent_id"),
    buildingId: text("building_id"),
    amountCents: integer("amount_cents").notNull(),
    state: clearanceState("state").notNull().default("clearing"),
    clearsAt: timestamp("clears_at", { withTimezone: true }).notNull(),
    clearedAt: timestamp("cleared_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("earnings_clearances_sale_key").on(t.saleReference),
    index("earnings_clearances_due_idx").on(t.clearsAt).where(sql`${t.state} = 'clearing'`),
    index("earnings_clearances_seller_idx").on(t.sellerId, t.state),
    index("earnings_clearances_payment_idx").on(t.paymentIntentId),
  ],
);
