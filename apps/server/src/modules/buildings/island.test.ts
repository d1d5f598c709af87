import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { buildings, neighborhoods, priceHistory, properties } from "../../db/schema/buildings";
import { collection, giveBuilding, osmFeature, recordTrade, square } from "../../test/buildings";
import { createTestDatabase } from "../../test/database";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { SHARED_DATA_DIR } from "../../test/shared-data";
import { checkPropertyDetails } from "../properties/check-property-details";
import { importIsland } from "./import-buildings";
import { ISLAND_FILES, readIsland } from "./island";
import { isSimpleRing, repairFootprint } from "./repair-polygon";
import { forgetSearches } from "./search-buildings";
import { shortStreetName } from "./street-names";

const model = (id: string, lng: number, lat: number, props: Record<string, unknown> = {}) => ({
  type: "Feature",
  id: `doitt/${id}`,
  properties: { doitt_id: id, bin: "1999999", height_m: 20, ...props },
  geometry: { type: "Polygon", coordinates: square(lng, lat) },
});
const point = (lng: number, lat: number, properties: Record<string, unknown>) => ({
  type: "Feature",
  properties,
  geometry: { type: "Point", coordinates: [lng, lat] },
});
const line = (name: string, coordinates: number[][]) => ({
  type: "Feature",
  properties: { name, highway: "residential" },
  geometry: { type: "LineString", coordinates },
});
/** A ring that touches itself at (0.001, 0.001): two squares corner to corner. */
const bowTie = [
  [
    [-73.95, 40.8],
    [-73.949, 40.8],
    [-73.949, 40.801],
    [-73.948, 40.801],
    [-73.948, 40.802],
    [-73.949, 40.802],
    [-73.949, 40.801],
    [-73.95, 40.801],
    [-73.95, 40.8],
  ],
];

/** A small island in a folder of its own: two OSM files, the 3-D model, lots, streets and one neighbourhood. */
function writeIsland(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "island-"));
  const write = (name: string, features: unknown[]) =>
    writeFileSync(path.join(dir, name), JSON.stringify(collection(features)));
  write("midtown-buildings.geojson", [
    osmFeature("way/1", -73.9857, 40.7484, {
      name: "Test Tower",
      bin: "1015862",
      height_m: 380,
      levels: 102,
    }),
    osmFeature("way/2", -73.96, 40.81, {}),
  ]);
  write("lower-manhattan-buildings.geojson", [
    osmFeature("way/3", -74.01, 40.705, { addr_housenumber: "33", addr_street: "Old Slip" }),
    // Already in the Midtown file: the first one wins.
    osmFeature("way/1", -74.0, 40.71, { name: "Elsewhere" }),
  ]);
  write(ISLAND_FILES.model, [
    model("10", -73.9857, 40.7484, { bin: "1015862" }), // same BIN as way/1
    model("11", -73.96, 40.81, { bin: "1888888" }), // centre inside way/2
    model("12", -73.9535, 40.8081), // a new building north of 125th St, west of 5th Ave
    { ...model("13", 0, 0, { bin: "1000000" }), geometry: { type: "Polygon", coordinates: bowTie } },
  ]);
  write(ISLAND_FILES.lots, [
    point(-73.9534, 40.8082, { numfloors: 5, yearbuilt: 1910, bldgarea: 10_000 }),
    point(-73.9599, 40.8101, { numfloors: 3, yearbuilt: 1899, bldgarea: 3_000 }),
  ]);
  write(ISLAND_FILES.streets, [
    line("125th Street", [
      [-73.97, 40.808],
      [-73.955, 40.808],
      [-73.94, 40.808],
    ]),
    line("Frederick Douglass Boulevard", [
      [-73.955, 40.79],
      [-73.955, 40.808],
      [-73.955, 40.83],
    ]),
    line("5th Avenue", [
      [-73.94, 40.79],
      [-73.94, 40.808],
      [-73.94, 40.83],
    ]),
  ]);
  write(ISLAND_FILES.neighborhoods, [
    {
      type: "Feature",
      properties: { name: "Harlem (North)", nta2020: "MN1002", ntatype: 0 },
      geometry: {
        type: "Polygon",
        coordinates: [
          [
            [-74.1, 40.6],
            [-73.9, 40.6],
            [-73.9, 40.9],
            [-74.1, 40.9],
            [-74.1, 40.6],
          ],
        ],
      },
    },
  ]);
  return dir;
}

describe("street names", () => {
  it("shortens street words as signs do", () => {
    expect(shortStreetName("West 125th Street")).toBe("W 125th St");
    expect(shortStreetName("Frederick Douglass Boulevard")).toBe("Frederick Douglass Blvd");
    expect(shortStreetName("West End Avenue")).toBe("West End Ave");
  });
});

describe("repairFootprint", () => {
  it("splits a ring that touches itself and leaves valid ones alone", () => {
    const square1 = { type: "Polygon" as const, coordinates: square(-73.9, 40.7) };
    expect(repairFootprint(square1)).toBe(square1);
    expect(isSimpleRing(bowTie[0] ?? [])).toBe(false);
    const repaired = repairFootprint({ type: "Polygon", coordinates: bowTie });
    expect(repaired.type).toBe("MultiPolygon");
    expect(repaired.coordinates).toHaveLength(2);
  });
});

describe("readIsland", () => {
  let dir: string;
  beforeAll(() => {
    dir = writeIsland();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("merges the sources: OSM keeps its ids, the model adds only buildings OSM lacks", () => {
    const island = readIsland(dir);
    const ids = island.records.map((r) => r.id).sort();
    expect(ids).toEqual(["doitt/12", "doitt/13", "way/1", "way/2", "way/3"]);
    const byId = new Map(island.records.map((r) => [r.id, r]));
    expect(byId.get("way/1")).toMatchObject({ name: "Test Tower", floors: 102, source: "osm" });
    expect(island.counts).toMatchObject({ osm: 3, model: 2, modelMerged: 2, repaired: 1 });
    expect(byId.get("doitt/13")?.footprint.type).toBe("MultiPolygon");
  });

  it("gives every building a name, its neighbourhood and its tax lot's floors and year", () => {
    const byId = new Map(readIsland(dir).records.map((r) => [r.id, r]));
    expect(byId.get("doitt/12")).toMatchObject({
      name: "W 125th St at Frederick Douglass Blvd",
      neighborhood: "Harlem (North)",
      floors: 5,
      yearBuilt: 1910,
      bin: "1999999",
    });
    // An OSM building without its lot's values takes them from the lot point inside it.
    expect(byId.get("way/2")).toMatchObject({ floors: 3, yearBuilt: 1899 });
    expect(byId.get("way/2")?.name).toMatch(/ at /);
    // An addressed building is known by its address.
    expect(byId.get("way/3")).toMatchObject({ name: null, address: "33 Old Slip" });
    expect(byId.get("way/3")?.searchText).toContain("33 old slip");
    expect(byId.get("way/3")?.searchText).toContain("harlem (north)");
    for (const r of byId.values()) expect(r.name ?? r.address).toBeTruthy();
  });
});

describe("importIsland", () => {
  let dir: string;
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    dir = writeIsland();
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await drop();
  });

  it("adds every building with a property, its neighbourhoods, and a second run changes nothing", async () => {
    expect(await importIsland(database.db, dir)).toMatchObject({ inserted: 5, updated: 0, neighborhoods: 1 });
    const [harlem] = await database.db.select().from(neighborhoods);
    expect(harlem).toMatchObject({ code: "MN1002", name: "Harlem (North)", kind: 0 });
    expect(await database.db.select().from(properties)).toHaveLength(5);
    const before = await database.db.select().from(buildings).orderBy(buildings.id);
    expect(await importIsland(database.db, dir)).toMatchObject({ inserted: 0, updated: 0, unchanged: 5 });
    expect(await database.db.select().from(buildings).orderBy(buildings.id)).toEqual(before);
  });

  it("never touches ownership, prices or names players gave", async () => {
    await database.db
      .update(properties)
      .set({ customName: "My Walk-up", priceCents: 99_900, forSale: true, askCents: 99_900, sales: 2 })
      .where(eq(properties.buildingId, "doitt/12"));
    const [before] = await database.db.select().from(properties).where(eq(properties.buildingId, "doitt/12"));
    await importIsland(database.db, dir);
    const [after] = await database.db.select().from(properties).where(eq(properties.buildingId, "doitt/12"));
    expect(after).toEqual(before);
  });
});

describe("search across the island", () => {
  let dir: string;
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    dir = writeIsland();
    ({ database, drop } = await createTestDatabase());
    await importIsland(database.db, dir);
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await drop();
  });

  it("finds buildings by neighbourhood, made name and address, tallest first", async () => {
    const harlem = await checkPropertyDetails(database.db, "Harlem");
    expect(harlem.map((p) => p.buildingId)).toContain("doitt/12");
    expect(harlem[0]?.buildingId).toBe("way/1");
    const corner = await checkPropertyDetails(database.db, "W 125th St at Frederick");
    expect(corner.map((p) => p.buildingId)).toContain("doitt/12");
    const slip = await checkPropertyDetails(database.db, "33 old slip");
    expect(slip.map((p) => p.buildingId)).toEqual(["way/3"]);
  });

  it("finds a building by the name its owner gave it", async () => {
    await database.db
      .update(properties)
      .set({ customName: "Casa Azul" })
      .where(eq(properties.buildingId, "way/2"));
    // Written straight to the table here; a rename through the API forgets the names kept for search itself.
    forgetSearches(database.db);
    const found = await checkPropertyDetails(database.db, "casa az");
    expect(found.map((p) => p.buildingId)).toEqual(["way/2"]);
  });

  it("looks ids up exactly: an unknown id finds nothing, not some other building", async () => {
    expect((await checkPropertyDetails(database.db, "doitt/12")).map((p) => p.buildingId)).toEqual([
      "doitt/12",
    ]);
    await expect(checkPropertyDetails(database.db, "doitt/1")).rejects.toThrowError(
      "No property details returned",
    );
    await expect(checkPropertyDetails(database.db, "way/12")).rejects.toThrowError(
      "No property details returned",
    );
  });
});

describe("the shared island data", () => {
  const dir = SHARED_DATA_DIR;
  const midtown = path.join(dir, "midtown-buildings.geojson");

  it.runIf(existsSync(path.join(dir, ISLAND_FILES.model)))(
    "keeps every Midtown OpenStreetMap id and names every building",
    () => {
      const island = readIsland(dir);
      const ids = new Set(island.records.map((r) => r.id));
      const midtownIds = (
        JSON.parse(readFileSync(midtown, "utf8")) as { features: { properties: { osm_id: string } }[] }
      ).features.map((f) => f.properties.osm_id);
      expect(midtownIds).toHaveLength(7990);
      expect(midtownIds.filter((id) => !ids.has(id))).toEqual([]);
      expect(island.records.length).toBeGreaterThan(40_000);
      expect(island.records.filter((r) => !r.name && !r.address)).toEqual([]);
      expect(island.records.filter((r) => !r.neighborhood)).toEqual([]);
      expect(island.neighborhoods).toHaveLength(38);
      expect(island.records.filter((r) => r.id.startsWith("doitt/")).length).toBeGreaterThan(25_000);
    },
    60_000,
  );
});

describe("neighbourhood play", () => {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = writeIsland();
    t = await createTestApp();
    await importIsland(t.app.deps.db, dir);
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it("ranks the owners of one neighbourhood, and lists each neighbourhood's top owner", async () => {
    const buyer = await signUp(t);
    const other = await signUp(t);
    const db = t.app.deps.db;
    await giveBuilding(db, "doitt/12", buyer.userId, 5_000, { at: new Date("2026-01-01T10:00:00Z") });
    await giveBuilding(db, "way/2", buyer.userId, 5_000, { at: new Date("2026-01-02T10:00:00Z") });
    await giveBuilding(db, "way/3", other.userId, 7_000, { at: new Date("2026-01-03T10:00:00Z") });
    await recordTrade(db, "doitt/12", buyer.userId, 5_000, new Date("2026-01-01T10:00:00Z"));
    await recordTrade(db, "way/2", buyer.userId, 5_000, new Date("2026-01-02T10:00:00Z"));
    await recordTrade(db, "way/3", other.userId, 7_000, new Date("2026-01-03T10:00:00Z"));
    // A development's rise in value is a point in the price history, never a sale.
    await db.insert(priceHistory).values({
      buildingId: "way/3",
      priceCents: 7_700,
      kind: "development",
      createdAt: new Date("2026-01-04T10:00:00Z"),
    });
    const board = await t.call("GET", "/api/v1/properties/leading-board?neighborhood=Harlem%20(North)", {
      token: buyer.token,
    });
    expect(board.statusCode).toBe(200);
    expect(
      board.json().data.rankedResponse.map((e: { _id: string; rank: number }) => [e._id, e.rank]),
    ).toEqual([
      [buyer.userId, 1],
      [other.userId, 2],
    ]);
    const unknown = await t.call("GET", "/api/v1/properties/leading-board?neighborhood=Atlantis", {
      token: buyer.token,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('neighborhood: there is no neighbourhood called "Atlantis"');

    const list = await t.call("GET", "/api/v1/neighborhoods");
    expect(list.statusCode).toBe(200);
    const [harlem] = list.json().data.neighborhoods;
    expect(harlem).toMatchObject({
      code: "MN1002",
      name: "Harlem (North)",
      buildings: 5,
      owned: 3,
      topOwner: { userId: buyer.userId, properties: 2 },
    });

    const panel = await t.call("GET", "/api/v1/neighborhoods/detail?name=Harlem%20(North)");
    expect(panel.statusCode).toBe(200);
    const detail = panel.json().data;
    expect(detail.neighborhood).toMatchObject({ owned: 3, totalValue: expect.any(Number) });
    expect(
      detail.topOwners.map((o: { userId: string; properties: number }) => [o.userId, o.properties]),
    ).toEqual([
      [buyer.userId, 2],
      [other.userId, 1],
    ]);
    expect(
      detail.lastSales.map((s: { buildingId: string; price: number }) => [s.buildingId, s.price]),
    ).toEqual([
      ["way/3", 70],
      ["way/2", 50],
      ["doitt/12", 50],
    ]);
    expect((await t.call("GET", "/api/v1/neighborhoods/detail?name=Atlantis")).statusCode).toBe(404);
  });

  it("shows the neighbourhood, address, floors and year in Property Details", async () => {
    const player = await signUp(t);
    const res = await t.call("GET", "/api/v1/properties/checkPropertyDetails?text=doitt/12", {
      token: player.token,
    });
    expect(res.json().data.propertyDetails[0]).toMatchObject({
      neighborhood: "Harlem (North)",
      noOfFloors: 5,
      yearBuilt: 1910,
      name: "W 125th St at Frederick Douglass Blvd",
    });
  });
});
