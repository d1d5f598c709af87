import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sessions, users } from "./users";

/** Who may use the operator console, and as what: `support`, `finance` or `admin`. One role per account. */
export const operatorRoles = pgTable("operator_roles", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  role: text("role").notNull(),
  /** The admin who granted it; null when granted by `npm run ops -- grant`. */
  grantedBy: uuid("granted_by"),
  grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An operator's TOTP second factor: the secret encrypted (AES-256-GCM under a key derived from the session secret)
 * and never sent again once enrolment is confirmed; the recovery codes kept as keyed hashes, each used once.
 */
export const operatorFactors = pgTable("operator_factors", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretCipher: text("secret_cipher").notNull(),
  recoveryCodeHashes: jsonb("recovery_code_hashes").$type<string[]>().notNull().default([]),
  /** Null until the operator has given a first code: until then enrolment may start again. */
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  /** The last time step a code was accepted for: a code is not taken twice. */
  lastStep: text("last_step"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The sessions on which an operator has passed the second factor. */
export const operatorProofs = pgTable("operator_proofs", {
  sessionId: uuid("session_id")
    .primaryKey()
    .references(() => sessions.id, { onDelete: "cascade" }),
  userId: uuid("user_id").notNull(),
  provenAt: timestamp("proven_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every operator action: who, what, on what, the state before and after, when. Rows are never changed. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey(),
    actorId: uuid("actor_id"),
    /** The operator's role when acting, or `script` for the command line. */
    actorRole: text("actor_role").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_created_at_idx").on(t.createdAt),
    index("audit_log_target_idx").on(t.targetType, t.targetId),
  ],
);

/** A player's report of a building's name or of a player, queued for operators. */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey(),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** `building` or `player`. */
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    reason: text("reason").notNull(),
    /** `open`, `accepted` or `dismissed`. */
    status: text("status").notNull().default("open"),
    /** What the operator did on accepting: `reset-name`, `warn`, `freeze`. */
    resolution: text("resolution"),
    resolvedBy: uuid("resolved_by"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reports_open_key")
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index("reports_reporter_idx").on(t.reporterId, t.createdAt),
    index("reports_status_idx").on(t.status, t.createdAt),
  ],
);
