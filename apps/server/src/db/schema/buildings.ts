import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users";

export type Footprint =
  | { type: "Polygon"; coordinates: number[][][] }
  | { type: "MultiPolygon"; coordinates: number[][][][] };

/** The building catalogue. Written by the importer only; game state lives in `properties`. */
export const buildings = pgTable(
  "buildings",
  {
    /** `way/…` or `relation/…` for OpenStreetMap footprints, `bin/…` for NYC footprints without an OSM match. */
    id: text("id").primaryKey(),
    /** Stable small integer: the feature id on the map. */
    mapId: integer("map_id").generatedAlwaysAsIdentity().notNull(),
    /** The name in the data, if any. */
    name: text("name"),
    address: text("address"),
    bin: text("bin"),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    footprint: jsonb("footprint").$type<Footprint>().notNull(),
    /** Metres. */
    heightM: real("height_m").notNull(),
    floors: integer("floors").notNull(),
    yearBuilt: integer("year_built"),
    /** Gross floor area, square feet. */
    floorAreaSqft: integer("floor_area_sqft").notNull(),
    basePriceCents: integer("base_price_cents").notNull(),
    source: text("source").notNull(),
    /** Name of the neighbourhood (NYC's 2020 Neighborhood Tabulation Area) its centre lies in. */
    neighborhood: text("neighborhood"),
    /** Name, address and neighbourhood folded for search (lower case, street words spelt out); trigram-indexed. */
    searchText: text("search_text").notNull().default(""),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("buildings_map_id_key").on(t.mapId),
    index("buildings_bin_idx").on(t.bin),
    // With the id: a neighbourhood's buildings are listed from the index alone (the market's candidates).
    index("buildings_neighborhood_idx").on(t.neighborhood, t.id),
    // No pending list: PGlite has no autovacuum to merge one, and searches would scan it row by row.
    index("buildings_search_text_trgm_idx")
      .using("gin", sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/** The island's neighbourhoods, written by the importer: names, kinds and where their map labels go. */
export const neighborhoods = pgTable("neighborhoods", {
  /** NTA 2020 code, e.g. MN0101. */
  code: text("code").primaryKey(),
  name: text("name").notNull().unique(),
  /** 0 residential, 9 park, 6–8 other non-residential. */
  kind: integer("kind").notNull(),
  lat: doublePrecision("lat").notNull(),
  lng: doublePrecision("lng").notNull(),
});

/**
 * One per building: who owns it, what it is worth, what its owner asks for it, and what they call it. Its value
 * (`price_cents`) and its ask (`ask_cents`) are apart: an ask moves no leaderboard, no worth and no development's
 * cost.
 */
export const properties = pgTable(
  "properties",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    buildingId: text("building_id")
      .notNull()
      .references(() => buildings.id),
    ownerId: uuid("owner_id").references(() => users.id),
    /** The owner's name for the building. */
    customName: text("custom_name"),
    /**
     * The building's own value: the game's price until first bought, then its last trade, plus what each finished
     * development added. Never the ask.
     */
    priceCents: integer("price_cents").notNull(),
    forSale: boolean("for_sale").notNull().default(false),
    /** The owner's asking price; meaningful only while for sale (and then never null). */
    askCents: integer("ask_cents"),
    /** When the current ask was first placed; meaningful only while for sale. */
    listedAt: timestamp("listed_at", { withTimezone: true }),
    /** How many times it has been bought. */
    sales: integer("sales").notNull().default(0),
    /** Developments finished (0–4), settled into the price; they stay with the building. */
    developmentLevel: smallint("development_level").notNull().default(0),
    /** While a development is under construction: when it finishes (the next level, once past). */
    constructingUntil: timestamp("constructing_until", { withTimezone: true }),
    /**
     * While the payment that bought or developed it is disputed: the dispute (`disputes.id`). The building cannot be
     * listed, sold by accepting a bid, developed or renamed; every such guard locks and reads this row.
     */
    frozenDisputeId: uuid("frozen_dispute_id"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("properties_building_id_key").on(t.buildingId),
    index("properties_owner_idx").on(t.ownerId),
    index("properties_for_sale_idx").on(t.forSale).where(sql`${t.forSale}`),
    index("properties_listed_at_idx").on(t.listedAt).where(sql`${t.forSale}`),
    index("properties_constructing_idx")
      .on(t.constructingUntil)
      .where(sql`${t.constructingUntil} is not null`),
    index("properties_custom_name_trgm_idx")
      .using("gin", sql`lower(${t.customName}) gin_trgm_ops`)
      .with({ fastupdate: false })
      .where(sql`${t.customName} is not null`),
    check("properties_ask_while_for_sale", sql`not ${t.forSale} or ${t.askCents} is not null`),
  ],
);

/** What a price-history point marks: a change of owner, or a finished development raising the value. */
export const PRICE_POINT_KINDS = ["trade", "development"] as const;
export type PricePointKind = (typeof PRICE_POINT_KINDS)[number];

/** A building's value over time: each trade's price, and the value each finished development raised it to. */
export const priceHistory = pgTable(
  "price_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    buildingId: text("building_id")
      .notNull()
      .references(() => buildings.id),
    priceCents: integer("price_cents").notNull(),
    kind: text("kind").$type<PricePointKind>().notNull().default("trade"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("price_history_building_idx").on(t.buildingId, t.createdAt)],
);
