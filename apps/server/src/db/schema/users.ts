import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey(),
    /** Lower-cased. Null once the account is deleted, which frees the address. */
    email: text("email"),
    /** Null once the account is deleted, which frees the name. Unique regardless of case. */
    userName: text("user_name"),
    fullName: text("full_name").notNull(),
    passwordHash: text("password_hash"),
    buildingColor: text("building_color").notNull().default("#ffffff"),
    isStripeIntegrated: boolean("is_stripe_integrated").notNull().default(false),
    stripeConnAccId: text("stripe_conn_acc_id"),
    /**
     * Who collects the requirements of `stripeConnAccId` (Stripe's `controller.requirement_collection`):
     * `application` for the accounts the platform manages, whose payout cards it may change. Null for an account
     * made before, which Stripe managed: it is no longer used, and the player connects a new one.
     */
    stripeAccountCollection: text("stripe_account_collection"),
    /** What Stripe still needs from the player (its requirements currently due or past due), as Stripe names them. */
    stripeRequirementsDue: jsonb("stripe_requirements_due").$type<string[]>().notNull().default([]),
    /** False while Stripe holds the account's payouts (requirements past due, or under review). */
    stripePayoutsEnabled: boolean("stripe_payouts_enabled").notNull().default(true),
    userType: text("user_type"),
    appType: text("app_type"),
    deviceToken: text("device_token"),
    /** No payout before this time: set for 24 hours by a password reset or a new payout card. */
    payoutHoldUntil: timestamp("payout_hold_until", { withTimezone: true }),
    /** Set by a password reset: the next payout needs fresh proof (password or e-mail code) first. */
    payoutProofDue: boolean("payout_proof_due").notNull().default(false),
    /** Set by an operator: trading (buy, bid, ask, develop) is refused, with this reason shown to the player. */
    tradingFrozenReason: text("trading_frozen_reason"),
    /** Set by an operator: payouts are refused, with this reason shown to the player. */
    payoutsFrozenReason: text("payouts_frozen_reason"),
    /**
     * Set by a lost dispute or an early fraud warning: the player can neither pay by card nor withdraw until an
     * operator lifts it; they see this reason.
     */
    restrictedReason: text("restricted_reason"),
    restrictedAt: timestamp("restricted_at", { withTimezone: true }),
    /** The player's choice: their public profile shows how many buildings they hold and their value, not which. */
    hideHoldings: boolean("hide_holdings").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_user_name_key").on(sql`lower(${t.userName})`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When the player last proved who they are on this session (signing in, or a password or code given since). */
    provenAt: timestamp("proven_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_id_idx").on(t.userId)],
);
