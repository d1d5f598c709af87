import { boolean, index, integer, jsonb, text, timestamp } from "drizzle-orm/pg-core";
import { intentStatus, sandbox } from "./sandbox-schema";

/**
 * The sandbox processor's own records, kept like Stripe keeps them. Only the tokeniser sees a card number; from
 * then on a card is its brand, last 4 digits, expiry and how Stripe's test card with that number behaves.
 */
export const sandboxCustomers = sandbox.table("customers", {
  id: text("id").primaryKey(),
  email: text("email").notNull(),
  name: text("name").notNull(),
  userId: text("user_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxTokens = sandbox.table("tokens", {
  id: text("id").primaryKey(),
  brand: text("brand").notNull(),
  last4: text("last4").notNull(),
  expMonth: integer("exp_month").notNull(),
  expYear: integer("exp_year").notNull(),
  name: text("name"),
  funding: text("funding").notNull(),
  /** ok | declined | insufficient_funds | charge_declined */
  behaviour: text("behaviour").notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxPaymentMethods = sandbox.table(
  "payment_methods",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id"),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    name: text("name"),
    funding: text("funding").notNull(),
    behaviour: text("behaviour").notNull(),
    /**
     * One of Stripe's shared test payment methods (`pm_card_visa`, or any `pm_…` a test of the Stripe adapter names):
     * any customer may pay with it, and it goes to the customer who does. The app's own cards are never shared.
     */
    shared: boolean("shared").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_methods_customer_idx").on(t.customerId)],
);

export const sandboxPaymentIntents = sandbox.table(
  "payment_intents",
  {
    id: text("id").primaryKey(),
    clientSecret: text("client_secret").notNull(),
    amountCents: integer("amount_cents").notNull(),
    capturedCents: integer("captured_cents").notNull().default(0),
    refundedCents: integer("refunded_cents").notNull().default(0),
    currency: text("currency").notNull(),
    captureMethod: text("capture_method").notNull(),
    status: intentStatus("status").notNull(),
    customerId: text("customer_id"),
    paymentMethodId: text("payment_method_id"),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
    idempotencyKey: text("idempotency_key").unique(),
    /** The idempotency key of the capture, so that only a repeat of that same capture is answered again. */
    captureKey: text("capture_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_intents_created_idx").on(t.createdAt)],
);

export const sandboxRefunds = sandbox.table("refunds", {
  id: text("id").primaryKey(),
  paymentIntentId: text("payment_intent_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  idempotencyKey: text("idempotency_key").unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox's connected (payout) accounts, onboarded through a local page. */
export const sandboxAccounts = sandbox.table("accounts", {
  id: text("id").primaryKey(),
  email: text("email").notNull(),
  userId: text("user_id"),
  legalName: text("legal_name"),
  detailsSubmittedAt: timestamp("details_submitted_at", { withTimezone: true }),
  /** `controller.requirement_collection`: accounts made before the platform managed them are `stripe`. */
  requirementCollection: text("requirement_collection").notNull().default("stripe"),
  /** Requirements due after onboarding (as Stripe adds them); past due ones hold the account's payouts. */
  currentlyDue: jsonb("currently_due").$type<string[]>().notNull().default([]),
  pastDue: jsonb("past_due").$type<string[]>().notNull().default([]),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
