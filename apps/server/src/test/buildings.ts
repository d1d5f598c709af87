import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { priceHistory, properties } from "../db/schema/buildings";
import { importBuildings } from "../modules/buildings/import-buildings";
import { parseFootprints } from "../modules/buildings/parse-footprints";

/** A small square footprint of `size` degrees whose south-west corner is at (lng, lat). */
export function square(lng: number, lat: number, size = 0.0002): number[][][] {
  return [
    [
      [lng, lat],
      [lng + size, lat],
      [lng + size, lat + size],
      [lng, lat + size],
      [lng, lat],
    ],
  ];
}

/** An OpenStreetMap-style feature like those in the shared extract (made-up buildings, for tests). */
export function osmFeature(id: string, lng: number, lat: number, props: Record<string, unknown> = {}) {
  return {
    type: "Feature",
    id,
    properties: { osm_id: id, building: "yes", ...props },
    geometry: { type: "Polygon", coordinates: square(lng, lat) },
  };
}

export const collection = (features: unknown[]) => ({ type: "FeatureCollection", features });

/** Three made-up buildings in Midtown: a tall named tower, an addressed block, and a nameless shed. */
export const sampleCity = collection([
  osmFeature("way/1", -73.9857, 40.7484, {
    name: "Test Tower",
    height_m: 380,
    levels: 102,
    addr_housenumber: "350",
    addr_street: "5th Avenue",
    start_date: "1931",
    bin: "1015862",
  }),
  osmFeature("way/2", -73.99, 40.75, {
    addr_housenumber: "10",
    addr_street: "West 33rd Street",
    pluto_numfloors: 6,
  }),
  osmFeature("way/3", -73.98, 40.745, {}),
]);

export async function importSampleCity(db: Db) {
  const { records, format } = parseFootprints(sampleCity);
  return importBuildings(db, records, format);
}

/** Makes `userId` the owner of a building at a price, with that price in its history. */
export async function giveBuilding(
  db: Db,
  buildingId: string,
  userId: string,
  priceCents: number,
  options: { forSale?: boolean; askCents?: number; at?: Date } = {},
) {
  const forSale = options.forSale ?? options.askCents !== undefined;
  await db
    .update(properties)
    // Listed, it asks `askCents` (else its value); its value stays `priceCents`.
    .set({
      ownerId: userId,
      priceCents,
      forSale,
      askCents: forSale ? (options.askCents ?? priceCents) : null,
      sales: 1,
    })
    .where(eq(properties.buildingId, buildingId));
  await db.insert(priceHistory).values({ buildingId, priceCents, createdAt: options.at ?? new Date() });
}

/**
 * A change of owner as the `trades` table has it (its triggers write it from a completed purchase or an accepted
 * bid; giveBuilding makes neither): what a neighbourhood's latest sales, the ticker and the index count.
 */
export async function recordTrade(
  db: Db,
  buildingId: string,
  buyerId: string,
  priceCents: number,
  at: Date = new Date(),
) {
  await db.execute(sql`insert into trades (id, building_id, neighborhood, floor_area_sqft, price_cents, at, kind,
      seller_id, buyer_id)
    select gen_random_uuid(), b.id, b.neighborhood, b.floor_area_sqft, ${priceCents}, ${at.toISOString()}::timestamptz,
      'first-sale', null, ${buyerId}::uuid
    from buildings b where b.id = ${buildingId}`);
}
