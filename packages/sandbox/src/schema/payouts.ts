import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { payoutStatus, sandbox } from "./sandbox-schema";

/** The sandbox processor's payout cards: debit cards attached to a connected account, as Stripe keeps them. */
export const sandboxExternalAccounts = sandbox.table(
  "external_accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    funding: text("funding").notNull(),
    /** How Stripe's test card with this number behaves (`payout_fails` refuses every payout). */
    behaviour: text("behaviour").notNull(),
    defaultForCurrency: boolean("default_for_currency").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("external_accounts_account_idx").on(t.accountId, t.createdAt),
    uniqueIndex("external_accounts_one_default").on(t.accountId).where(sql`${t.defaultForCurrency}`),
  ],
);

/** The sandbox's payouts: standard ones are pending until `arrival_at`, then paid; instant ones are paid at once. */
export const sandboxPayouts = sandbox.table("payouts", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  method: text("method").notNull(),
  /** A payout card's id, or null for the account's bank. */
  destination: text("destination"),
  status: payoutStatus("status").notNull(),
  failureCode: text("failure_code"),
  failureMessage: text("failure_message"),
  reference: text("reference"),
  /** Stripe's metadata, when the payout was asked for in Stripe's shape (the transfer that funded it). */
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
  idempotencyKey: text("idempotency_key").unique(),
  arrivalAt: timestamp("arrival_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Money the sandbox sent back to a buying card (a deleted account's refund). */
export const sandboxCardCredits = sandbox.table("card_credits", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  paymentMethodId: text("payment_method_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  reference: text("reference").notNull(),
  idempotencyKey: text("idempotency_key").unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Money the platform moved to a connected account before paying it out, as Stripe's Connect transfers (asked for in
 * Stripe's shape only: the sandbox's own payouts keep no balance), and what of it was reversed back.
 */
export const sandboxTransfers = sandbox.table("transfers", {
  id: text("id").primaryKey(),
  destination: text("destination").notNull(),
  amountCents: integer("amount_cents").notNull(),
  amountReversedCents: integer("amount_reversed_cents").notNull().default(0),
  currency: text("currency").notNull(),
  transferGroup: text("transfer_group"),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
  idempotencyKey: text("idempotency_key").unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A transfer's reversals, one per idempotency key: a reversal asked for twice is made once. */
export const sandboxTransferReversals = sandbox.table("transfer_reversals", {
  id: text("id").primaryKey(),
  transferId: text("transfer_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
  idempotencyKey: text("idempotency_key").unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
