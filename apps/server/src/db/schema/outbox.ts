import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** What an outbox message is: an e-mail, or one Web Push (an activity, to one of its player's subscriptions). */
export const OUTBOX_KINDS = ["mail", "push"] as const;
export const outboxKind = pgEnum("outbox_kind", OUTBOX_KINDS);
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * An outbox message: queued (waiting for its time) → sending (claimed by one sender) → sent; back to queued after a
 * failed try, and failed once its tries are spent.
 */
export const OUTBOX_STATES = ["queued", "sending", "sent", "failed"] as const;
export const outboxState = pgEnum("outbox_state", OUTBOX_STATES);
export type OutboxState = (typeof OUTBOX_STATES)[number];

/**
 * Messages to send once the change that wrote them has committed: written in the same transaction, so a change
 * rolled back sends nothing, and a process that stops before sending leaves the row for the next sweep.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: uuid("id").primaryKey(),
    kind: outboxKind("kind").notNull(),
    payload: jsonb("payload").notNull(),
    state: outboxState("state").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    notBefore: timestamp("not_before", { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_messages_due_idx").on(t.state, t.notBefore),
    // The pushes of an activity still waiting, found by every instance that hears the activity's commit.
    index("outbox_messages_queued_activity_idx")
      .on(sql`(${t.payload}->>'activityId')`)
      .where(sql`${t.state} = 'queued'`),
  ],
);
