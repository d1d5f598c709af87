import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Every trade of the island, one row each, kept by triggers in the same transaction as its source: a completed
 * purchase (a first sale, from the game) or an accepted bid (a resale, from one player to another). The row carries
 * what the market's reads filter and group by (the building's neighbourhood and floor area, the time), so a
 * neighbourhood's trades, their total and its daily index are read from one index, never by joining every
 * purchase and bid with the catalogue. Nothing in the application writes here (migration 0025's triggers do).
 */
export const trades = pgTable(
  "trades",
  {
    /** The purchase's or the bid's id. */
    id: uuid("id").primaryKey(),
    buildingId: text("building_id").notNull(),
    neighborhood: text("neighborhood"),
    floorAreaSqft: integer("floor_area_sqft").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** When the purchase completed or the bid was accepted. */
    at: timestamp("at", { withTimezone: true }).notNull(),
    kind: text("kind").$type<"first-sale" | "resale">().notNull(),
    /** The previous owner (a resale only). */
    sellerId: uuid("seller_id"),
    buyerId: uuid("buyer_id"),
  },
  (t) => [
    index("trades_at_idx").on(t.at, t.id),
    index("trades_building_at_idx").on(t.buildingId, t.at, t.id),
    index("trades_neighborhood_at_idx").on(t.neighborhood, t.at, t.id),
    // A player's public profile reads their latest trades from each side.
    index("trades_buyer_at_idx").on(t.buyerId, t.at, t.id),
    index("trades_seller_at_idx").on(t.sellerId, t.at, t.id),
  ],
);
