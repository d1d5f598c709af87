import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

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

/** Failed sign-ins, counted per e-mail address across every server instance. */
export const loginFailures = pgTable(
  "login_failures",
  {
    id: uuid("id").primaryKey(),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_failures_email_idx").on(t.email, t.createdAt)],
);
