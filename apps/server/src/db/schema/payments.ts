import { sql } from "drizzle-orm";
import {
  boolean,
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
import { paymentIntentStatus } from "./states";
import { users } from "./users";

/** A player's customer record at the processor. */
export const paymentCustomers = pgTable("payment_customers", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id),
  provider: text("provider").notNull(),
  customerId: text("customer_id").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Buying cards: the processor's payment method, and what we may show of it. Exactly one default per player. */
export const paymentCards = pgTable(
  "payment_cards",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    provider: text("provider").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    name: text("name"),
    funding: text("funding").notNull().default("unknown"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payment_cards_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("payment_cards_one_default").on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/** Payment intents we asked the processor for, and what they were for. */
export const paymentIntents = pgTable(
  "payment_intents",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    provider: text("provider").notNull(),
    purpose: text("purpose").notNull(),
    propertyId: text("property_id"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    captureMethod: text("capture_method").notNull(),
    status: paymentIntentStatus("status").notNull(),
    paymentMethodId: text("payment_method_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_intents_user_idx").on(t.userId, t.createdAt)],
);

/** Replies to money-moving requests, by Idempotency-Key: a repeat gets the first reply and moves nothing. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** The caller (user id), or "anonymous". */
    scope: text("scope").notNull(),
    route: text("route").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code"),
    response: jsonb("response"),
    /** When the key was first used: it expires 24 hours later, and a new request with it runs. */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the running request claimed it: a claim left without a reply is taken over after the lock timeout. */
    lockedAt: timestamp("locked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.route, t.key] }),
    index("idempotency_keys_created_at").on(t.createdAt),
  ],
);

/** Stripe webhook events seen, so a replayed event is handled once. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp("processed_at", { withTimezone: true }),
});
