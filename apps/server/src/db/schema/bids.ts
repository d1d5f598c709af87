import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { buildings } from "./buildings";
import { bidStatus } from "./states";
import { users } from "./users";

/**
 * A bid on a building for sale. The bidder's card holds bid + fees (a manual-capture payment intent) while the bid
 * is pending. `holding` marks a bid whose hold is being made; `accepting` one whose hold is being captured. Indexes
 * make the rules structural: one open bid per bidder per building, and one accept in flight per building.
 */
export const bids = pgTable(
  "bids",
  {
    id: uuid("id").primaryKey(),
    buildingId: text("building_id")
      .notNull()
      .references(() => buildings.id),
    bidderId: uuid("bidder_id")
      .notNull()
      .references(() => users.id),
    /** The owner the bid was made to. */
    ownerId: uuid("owner_id").references(() => users.id),
    amountCents: integer("amount_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    status: bidStatus("status").notNull(),
    paymentIntentId: text("payment_intent_id"),
    paymentMethodId: text("payment_method_id"),
    failure: text("failure"),
    /** The building's name when the bid was accepted or released by its sale: a sale clears the seller's name. */
    buildingName: text("building_name"),
    /** When the card hold was let go (null while held, or for an accepted bid). */
    holdReleasedAt: timestamp("hold_released_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set while the hold waits for the bidder (PayPal's approval, the bank's check), until when it may. */
    awaitingUntil: timestamp("awaiting_until", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("bids_one_holding_per_bidder")
      .on(t.bidderId, t.buildingId)
      .where(sql`${t.status} = 'holding'`),
    uniqueIndex("bids_one_pending_per_bidder")
      .on(t.bidderId, t.buildingId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex("bids_one_accepting_per_building").on(t.buildingId).where(sql`${t.status} = 'accepting'`),
    // One card hold backs one bid, ever: the same intent sent with two bids makes the second fail before any money moves.
    uniqueIndex("bids_one_per_payment_intent").on(t.paymentIntentId),
    index("bids_building_status_idx").on(t.buildingId, t.status),
    index("bids_bidder_idx").on(t.bidderId, t.createdAt),
    index("bids_awaiting_idx").on(t.bidderId, t.awaitingUntil).where(sql`${t.status} = 'holding'`),
    index("bids_owner_idx").on(t.ownerId, t.createdAt),
    // The market's trades: accepted bids by time, island-wide and per building.
    index("bids_accepted_at_idx").on(t.decidedAt).where(sql`${t.status} = 'accepted'`),
    index("bids_accepted_building_idx").on(t.buildingId, t.decidedAt).where(sql`${t.status} = 'accepted'`),
    index("bids_expiry_idx").on(t.expiresAt).where(sql`${t.status} = 'pending'`),
  ],
);
