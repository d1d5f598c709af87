import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** PayPal webhook events seen, so a replayed event is handled once. */
export const paypalEvents = pgTable("paypal_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp("processed_at", { withTimezone: true }),
});
