import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accountRefundState, payoutState } from "./states";
import { users } from "./users";

/**
 * A player's withdrawal. The money leaves their earnings (ledger journal "payout") in the same transaction that
 * writes the row in state `requested`; the processor is called after that. States:
 *   requested → pending (standard, on its way) → paid
 *   requested → paid (instant)
 *   requested | pending | paid → failed (the money goes back to the balance: journal "payout_reversal", once)
 */
export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    provider: text("provider").notNull(),
    /** The connected account paid from, kept so the payout can be followed after the account is deleted. */
    accountId: text("account_id").notNull(),
    /** Taken from the balance. */
    amountCents: integer("amount_cents").notNull(),
    feeCents: integer("fee_cents").notNull(),
    /** Sent: amount − fee. */
    netCents: integer("net_cents").notNull(),
    currency: text("currency").notNull(),
    /** standard | instant */
    method: text("method").notNull(),
    automatic: boolean("automatic").notNull().default(false),
    /** The day (UTC, YYYY-MM-DD) an automatic payout ran for: one per player per day. */
    automaticDay: text("automatic_day"),
    /** The payout card paid to; null for the account's default (its bank). */
    destination: text("destination"),
    /** "VISA •••• 5556", as the history shows it. */
    destinationLabel: text("destination_label"),
    state: payoutState("state").notNull(),
    providerPayoutId: text("provider_payout_id").unique(),
    failureMessage: text("failure_message"),
    arrivalAt: timestamp("arrival_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payouts_user_idx").on(t.userId, t.createdAt),
    index("payouts_state_idx").on(t.state, t.updatedAt),
    uniqueIndex("payouts_automatic_day_key")
      .on(t.userId, t.automaticDay)
      .where(sql`${t.automaticDay} is not null`),
  ],
);

/** manual (the player withdraws) or automatic (the whole balance, daily). No row: manual. */
export const payoutSettings = pgTable("payout_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id),
  payoutType: text("payout_type").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A deleted account's remaining earnings, refunded to its default card minus the processing fee (journal
 * "account_refund"). States: requested → refunded, or requested → failed (journal "account_refund_reversal": the
 * money is owed again, on the deleted player's earnings, for an operator to settle).
 */
export const accountRefunds = pgTable(
  "account_refunds",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    provider: text("provider").notNull(),
    customerId: text("customer_id").notNull(),
    paymentMethodId: text("payment_method_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    feeCents: integer("fee_cents").notNull(),
    netCents: integer("net_cents").notNull(),
    currency: text("currency").notNull(),
    state: accountRefundState("state").notNull(),
    providerCreditId: text("provider_credit_id"),
    /**
     * PayPal's last word on a refund sent as a payout: its item's transaction_status (SUCCESS, UNCLAIMED, RETURNED,
     * …), read until it is final. Null for a card refund, which the processor settles when it answers.
     */
    providerStatus: text("provider_status"),
    failureMessage: text("failure_message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_refunds_state_idx").on(t.state, t.updatedAt)],
);
