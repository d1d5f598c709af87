import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** One row per code sent. Verifying it mints a one-use token, kept on the same row. */
export const otpCodes = pgTable(
  "otp_codes",
  {
    id: uuid("id").primaryKey(),
    email: text("email").notNull(),
    type: text("type").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set when the code is verified, or burned by too many wrong guesses. */
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    tokenHash: text("token_hash"),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    tokenUsedAt: timestamp("token_used_at", { withTimezone: true }),
  },
  (t) => [
    index("otp_codes_email_type_idx").on(t.email, t.type, t.createdAt),
    uniqueIndex("otp_codes_token_hash_key").on(t.tokenHash),
  ],
);

/**
 * Wrong passwords, per account and source (the client's address): each attempt is counted by one upsert before the
 * password is checked, so parallel guesses all count, and a lock-out on one source leaves the others alone. The
 * account is the lower-cased e-mail for sign-in, `user:<id>` for change-password.
 */
export const loginThrottles = pgTable(
  "login_throttles",
  {
    account: text("account").notNull(),
    source: text("source").notNull(),
    /** Attempts counted in the current window, the one in progress included. */
    attempts: integer("attempts").notNull().default(0),
    /** Lock-outs so far: each one lasts twice as long as the one before. */
    lockouts: integer("lockouts").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.account, t.source] })],
);

/** When an address's password recovery last locked for the day: its owner is e-mailed once per lock. */
export const recoveryLocks = pgTable("recovery_locks", {
  email: text("email").primaryKey(),
  lockedAt: timestamp("locked_at", { withTimezone: true }).notNull().defaultNow(),
});
