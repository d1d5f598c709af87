import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A player's own event feed: bids received and decided, outbids, payouts. Written in the same transaction as the
 * change it reports (with its Web Push, queued in the outbox), then announced on the live channel. `pushedAt` is
 * when the first of its Web Push messages was done with: taken by a push service, or given up for good (the
 * subscription gone or refused); null while none has been, or when it is not pushed.
 */
export const activities = pgTable(
  "activities",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    pushedAt: timestamp("pushed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("activities_user_created_idx").on(t.userId, t.createdAt),
    index("activities_user_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** A browser's Web Push subscription (one per endpoint; a new sign-in on the same browser takes it over). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key, base64url. */
    p256dh: text("p256dh").notNull(),
    /** The browser's 16-byte auth secret, base64url. */
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);
