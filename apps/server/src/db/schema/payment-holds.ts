import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { buildings } from "./buildings";
import { users } from "./users";

/**
 * Each time a payment started waiting for its player (PayPal's approval, the bank's check): kept, whatever became
 * of the payment, so that waiting payments cost something. A player may start only so many a day, and one whose
 * purchase's hold on a building lapsed unpaid may not hold that building again for a while
 * (payments/waiting-payments.ts).
 */
export const paymentHolds = pgTable(
  "payment_holds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    buildingId: text("building_id")
      .notNull()
      .references(() => buildings.id),
    /** purchase, bid or development: what waited, and `thingId` its row. */
    kind: text("kind").notNull(),
    thingId: uuid("thing_id").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the hold ends unless its payment is finished first. */
    until: timestamp("until", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("payment_holds_user_started_idx").on(t.userId, t.startedAt),
    index("payment_holds_user_building_idx").on(t.userId, t.buildingId, t.until),
  ],
);
