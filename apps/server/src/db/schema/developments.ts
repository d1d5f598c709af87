import { sql } from "drizzle-orm";
import {
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { buildings } from "./buildings";
import { users } from "./users";

/**
 * Where a development's payment stands:
 *   reserved → constructing → completed          (paid; construction runs until completes_at, then is settled)
 *   reserved → failed                             (nothing charged, or the charge never went through)
 *   reserved → refunding → refunded               (charged, but construction could not start)
 *   constructing | completed → refunding → refunded   (an operator's refund of the building's latest development)
 */
export const DEVELOPMENT_STATES = [
  "reserved",
  "constructing",
  "completed",
  "failed",
  "refunding",
  "refunded",
] as const;
export type DevelopmentState = (typeof DEVELOPMENT_STATES)[number];
export const developmentState = pgEnum("development_state", DEVELOPMENT_STATES);

/** One development of a building, from its payment to the end of its construction. */
export const developments = pgTable(
  "developments",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    buildingId: text("building_id")
      .notNull()
      .references(() => buildings.id),
    kind: text("kind").notNull(),
    level: smallint("level").notNull(),
    /** What the building's price rises by when it is finished (fee and tax excluded). */
    costCents: integer("cost_cents").notNull(),
    /** cost + processing fee + sales tax. */
    totalCents: integer("total_cents").notNull(),
    /** Offer-wall credits held for it: the card or PayPal is charged only for the rest. */
    creditsCents: integer("credits_cents").notNull().default(0),
    state: developmentState("state").notNull(),
    paymentIntentId: text("payment_intent_id"),
    /**
     * What the charge is made with, written at reservation: the card's id, or `paypal`; null when credits pay it
     * all. Recovery rebuilds the charge from it when the process stopped before the intent's id was noted.
     */
    paymentMethodId: text("payment_method_id"),
    failure: text("failure"),
    /** While the payment waits for the owner (PayPal's approval, the bank's check). */
    awaitingUntil: timestamp("awaiting_until", { withTimezone: true }),
    /** How long construction takes, fixed when it is reserved (the time scale applied). */
    durationSeconds: integer("duration_seconds").notNull(),
    /** Set when construction starts: when it finishes. */
    completesAt: timestamp("completes_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One development of a building at a time, from its payment to the end of its construction.
    uniqueIndex("developments_one_open_per_building")
      .on(t.buildingId)
      .where(sql`${t.state} in ('reserved', 'constructing')`),
    // Each level is built once.
    uniqueIndex("developments_one_per_level")
      .on(t.buildingId, t.level)
      .where(sql`${t.state} in ('constructing', 'completed')`),
    // One payment, one development.
    uniqueIndex("developments_one_per_payment_intent").on(t.paymentIntentId),
    index("developments_unsettled_idx").on(t.updatedAt).where(sql`${t.state} in ('reserved', 'refunding')`),
    index("developments_due_idx").on(t.completesAt).where(sql`${t.state} = 'constructing'`),
    index("developments_user_idx").on(t.userId, t.createdAt),
  ],
);
