import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { buildings } from "./buildings";
import { purchaseStatus } from "./states";
import { users } from "./users";

/**
 * A purchase of an unowned building, from reservation to ownership. Only one purchase of a building can be
 * pending at a time, so of two buyers at the same moment only one is ever charged.
 */
export const purchases = pgTable(
  "purchases",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    buildingId: text("building_id")
      .notNull()
      .references(() => buildings.id),
    priceCents: integer("price_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    /** Offer-wall credits held for this purchase (cents): the card is charged only for the rest. */
    creditsCents: integer("credits_cents").notNull().default(0),
    /** pending → completed | failed | refunding → refunded */
    status: purchaseStatus("status").notNull(),
    paymentIntentId: text("payment_intent_id"),
    /**
     * What the charge is made with, written at reservation: the card's id, or `paypal`; null when credits pay it
     * all. Recovery rebuilds the charge from it when the process stopped before the intent's id was noted.
     */
    paymentMethodId: text("payment_method_id"),
    failure: text("failure"),
    /**
     * Set while the payment waits for the buyer (PayPal's approval, the bank's check): the building is held for them
     * until then, and no later; it counts towards the buyer's waiting payments.
     */
    awaitingUntil: timestamp("awaiting_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("purchases_one_pending_per_building").on(t.buildingId).where(sql`${t.status} = 'pending'`),
    // One payment, one thing bought.
    uniqueIndex("purchases_one_per_payment_intent").on(t.paymentIntentId),
    index("purchases_unsettled_idx").on(t.updatedAt).where(sql`${t.status} in ('pending', 'refunding')`),
    index("purchases_user_idx").on(t.userId, t.createdAt),
    index("purchases_awaiting_idx").on(t.userId, t.awaitingUntil).where(sql`${t.status} = 'pending'`),
    // The market's trades: completed purchases (first sales) by time, island-wide and per building.
    index("purchases_completed_at_idx").on(t.updatedAt).where(sql`${t.status} = 'completed'`),
    index("purchases_completed_building_idx")
      .on(t.buildingId, t.updatedAt)
      .where(sql`${t.status} = 'completed'`),
  ],
);
