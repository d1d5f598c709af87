import { existsSync } from "node:fs";
import path from "node:path";
import { queryRows } from "@mx/kit/sql";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { buildings, properties } from "../../db/schema/buildings";
import { collection, osmFeature, sampleCity, square } from "../../test/buildings";
import { createTestDatabase } from "../../test/database";
import { hasSharedData, SHARED_DATA_DIR } from "../../test/shared-data";
import { basePriceCents } from "./base-price";
import { importBuildings, importFile } from "./import-buildings";
import { ImportError, parseFootprints } from "./parse-footprints";

describe("basePriceCents", () => {
  it("stays between $5 and $5,000 and grows with floor area", () => {
    const areas = [0, 100, 2_000, 16_000, 300_000, 2_800_000, 50_000_000];
    const prices = areas.map(basePriceCents);
    expect(prices[0]).toBe(500);
    expect(prices[prices.length - 1]).toBe(500_000);
    for (let i = 1; i < prices.length; i++) expect(prices[i]).toBeGreaterThanOrEqual(prices[i - 1] ?? 0);
    expect(basePriceCents(16_000)).toBe(32_900);
    for (const p of prices) expect(p % 100).toBe(0);
  });
});

describe("parseFootprints", () => {
  it("reads OpenStreetMap footprints: name, address, height, floors, year, centre and price", () => {
    const { format, records } = parseFootprints(sampleCity);
    expect(format).toBe("osm");
    const [tower, block, shed] = records;
    expect(tower).toMatchObject({
      id: "way/1",
      name: "Test Tower",
      address: "350 5th Avenue",
      heightM: 380,
      floors: 102,
      yearBuilt: 1931,
      bin: "1015862",
      source: "osm",
    });
    expect(tower?.lat).toBeCloseTo(40.7485, 4);
    expect(tower?.lng).toBeCloseTo(-73.9856, 4);
    // Taller buildings on the same footprint cost more.
    expect(tower?.basePriceCents).toBeGreaterThan(block?.basePriceCents ?? 0);
    expect(block).toMatchObject({ name: null, address: "10 West 33rd Street", floors: 6, heightM: 21 });
    expect(shed).toMatchObject({ name: null, address: null, floors: 3, heightM: 10 });
  });

  it("reads NYC Open Data's Building Footprints: height in feet, construction year, BIN as id", () => {
    const nyc = collection([
      {
        type: "Feature",
        properties: { bin: "1001234", heightroof: "100", cnstrct_yr: "1925", doitt_id: "77" },
        geometry: { type: "Polygon", coordinates: square(-73.99, 40.72) },
      },
      {
        type: "Feature",
        properties: { bin: "1000000", heightroof: "0", cnstrct_yr: "0", doitt_id: "78" },
        geometry: { type: "MultiPolygon", coordinates: [square(-73.98, 40.72)] },
      },
    ]);
    const { format, records } = parseFootprints(nyc);
    expect(format).toBe("nyc");
    expect(records[0]).toMatchObject({
      id: "bin/1001234",
      heightM: 30.5,
      floors: 9,
      yearBuilt: 1925,
      source: "nyc",
    });
    // A placeholder BIN names no building: the DoITT id is used instead.
    expect(records[1]).toMatchObject({ id: "nyc/78", heightM: 10, yearBuilt: null });
  });

  it.each([
    [{ type: "Feature" }, "The file is not a GeoJSON FeatureCollection."],
    [collection([]), "The FeatureCollection has no features."],
    [collection([{ type: "Feature", properties: { foo: 1 }, geometry: null }]), "Unknown footprint format"],
    [
      collection([
        osmFeature("way/1", -73.98, 40.75),
        { ...osmFeature("way/2", 0, 0), geometry: { type: "Point", coordinates: [0, 0] } },
      ]),
      "feature 1 (way/2): its geometry is a Point, not a Polygon or MultiPolygon.",
    ],
    [
      collection([
        {
          ...osmFeature("way/9", 0, 0),
          geometry: {
            type: "Polygon",
            coordinates: [
              [
                [0, 0],
                [1, 1],
                [0, 0],
              ],
            ],
          },
        },
      ]),
      "feature 0 (way/9): a ring has fewer than 4 positions.",
    ],
    [
      collection([
        {
          ...osmFeature("way/8", 0, 0),
          geometry: {
            type: "Polygon",
            coordinates: [
              [
                [0, 0],
                [1, "x"],
                [1, 1],
                [0, 0],
              ],
            ],
          },
        },
      ]),
      'feature 0 (way/8): position [1,"x"] is not [longitude, latitude].',
    ],
    [
      collection([osmFeature("way/1", 0, 0), osmFeature("way/1", 1, 1)]),
      "feature 1 (way/1): the id way/1 appears twice.",
    ],
    [collection([{ ...osmFeature("", 0, 0), id: undefined }]), "feature 0: it has no osm_id."],
  ])("refuses a malformed file, naming the feature and the problem (%#)", (json, message) => {
    expect(() => parseFootprints(json)).toThrowError(ImportError);
    expect(() => parseFootprints(json)).toThrowError(message);
  });
});

describe("importBuildings", () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(() => drop());

  const countOf = async (table: typeof buildings | typeof properties) => {
    const [row] = await database.db.select({ n: count() }).from(table);
    return row?.n;
  };

  it("adds every building with a property at its base price, and a second run changes nothing", async () => {
    const { records, format } = parseFootprints(sampleCity);
    expect(await importBuildings(database.db, records, format)).toEqual({
      format: "osm",
      total: 3,
      inserted: 3,
      updated: 0,
      unchanged: 0,
    });
    const before = await database.db.select().from(buildings).orderBy(buildings.id);
    expect(await importBuildings(database.db, records, format)).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: 3,
    });
    expect(await database.db.select().from(buildings).orderBy(buildings.id)).toEqual(before);
    expect(await countOf(properties)).toBe(3);
    const [property] = await database.db.select().from(properties).where(eq(properties.buildingId, "way/1"));
    expect(property?.priceCents).toBe(before[0]?.basePriceCents);
    // The planner is told what the import filled, autovacuum or not: every property is unowned.
    const [stats] = await queryRows<{ null_frac: number }>(
      database.db,
      sql`select null_frac from pg_stats where tablename = 'properties' and attname = 'owner_id'`,
    );
    expect(stats?.null_frac).toBe(1);
  });

  it("refreshes catalogue facts but never ownership, prices or names players gave", async () => {
    await database.db
      .update(properties)
      .set({ customName: "My Tower", priceCents: 123_400, forSale: true, askCents: 123_400 })
      .where(eq(properties.buildingId, "way/1"));
    const [before] = await database.db.select().from(buildings).where(eq(buildings.id, "way/1"));
    const taller = collection([
      osmFeature("way/1", -73.9857, 40.7484, {
        name: "Test Tower",
        height_m: 400,
        levels: 110,
        bin: "1015862",
      }),
    ]);
    const { records, format } = parseFootprints(taller);
    expect(await importBuildings(database.db, records, format)).toMatchObject({ updated: 1 });
    const [after] = await database.db.select().from(buildings).where(eq(buildings.id, "way/1"));
    expect(after?.heightM).toBe(400);
    expect(after?.mapId).toBe(before?.mapId);
    const [property] = await database.db.select().from(properties).where(eq(properties.buildingId, "way/1"));
    expect(property).toMatchObject({ customName: "My Tower", priceCents: 123_400, forSale: true });
  });

  it("merges a NYC footprint into the OpenStreetMap building with the same BIN", async () => {
    const nyc = collection([
      {
        type: "Feature",
        properties: { bin: "1015862", heightroof: "1250", cnstrct_yr: "1931", doitt_id: "1" },
        geometry: { type: "Polygon", coordinates: square(-73.9857, 40.7484) },
      },
    ]);
    const { records, format } = parseFootprints(nyc);
    const total = await countOf(buildings);
    await importBuildings(database.db, records, format);
    expect(await countOf(buildings)).toBe(total);
    const [tower] = await database.db.select().from(buildings).where(eq(buildings.id, "way/1"));
    expect(tower?.heightM).toBeCloseTo(381, 0);
  });

  // A public file beside the project, not in a fresh clone: the island file's own tests cover that case.
  it.runIf(hasSharedData)("imports the shared Midtown extract in place", async () => {
    const file = path.join(SHARED_DATA_DIR, "midtown-buildings.geojson");
    expect(existsSync(file), `${file} should exist beside the project`).toBe(true);
    const summary = await importFile(database.db, file);
    expect(summary.format).toBe("osm");
    expect(summary.total).toBe(7990);
    const [esb] = await database.db
      .select()
      .from(buildings)
      .where(eq(buildings.name, "Empire State Building"));
    expect(esb?.basePriceCents).toBeGreaterThan(400_000);
    const prices = await database.db.select({ p: buildings.basePriceCents }).from(buildings);
    for (const { p } of prices) {
      expect(p).toBeGreaterThanOrEqual(500);
      expect(p).toBeLessThanOrEqual(500_000);
    }
  });

  it("reports an unreadable file as an import error", async () => {
    await expect(importFile(database.db, "/nonexistent/footprints.geojson")).rejects.toThrowError(
      ImportError,
    );
  });
});
