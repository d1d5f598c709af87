import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { offerCompletionStatus } from "./states";
import { users } from "./users";

/**
 * One offer a player completed on a partner's wall, by the partner's transaction id (unique per provider, so a
 * repeated postback credits nothing). `pending` (the sandbox wall, before its postback arrives) → `credited` →
 * `reversed` (the partner took it back). `creditedCents` is what the player actually got: less than `amountCents`
 * when the daily cap was reached.
 */
export const offerCompletions = pgTable(
  "offer_completions",
  {
    id: uuid("id").primaryKey(),
    provider: text("provider").notNull(),
    transactionId: text("transaction_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    offerName: text("offer_name").notNull(),
    amountCents: integer("amount_cents").notNull(),
    creditedCents: integer("credited_cents").notNull().default(0),
    status: offerCompletionStatus("status").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    creditedAt: timestamp("credited_at", { withTimezone: true }),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("offer_completions_provider_tx").on(t.provider, t.transactionId),
    index("offer_completions_user_idx").on(t.userId, t.createdAt),
  ],
);

/** Every postback that reached the endpoint, accepted or not, for audit. */
export const offerPostbacks = pgTable(
  "offer_postbacks",
  {
    id: uuid("id").primaryKey(),
    provider: text("provider").notNull(),
    transactionId: text("transaction_id"),
    userId: uuid("user_id"),
    /** credited | reversed | duplicate | rejected */
    outcome: text("outcome").notNull(),
    reason: text("reason"),
    amountCents: integer("amount_cents"),
    /** The parameters its provider defines (query and body), each cut to a few hundred characters; no others. */
    params: jsonb("params").notNull(),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("offer_postbacks_created_idx").on(t.createdAt)],
);

/**
 * Every postback signature accepted, so that none is accepted twice (a replay answers as a duplicate and credits
 * nothing). Kept as long as the postbacks are.
 */
export const offerSignatures = pgTable(
  "offer_signatures",
  {
    provider: text("provider").notNull(),
    signature: text("signature").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.signature] }),
    index("offer_signatures_created_idx").on(t.createdAt),
  ],
);
