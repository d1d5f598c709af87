import { queryRows } from "@mx/kit/sql";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../db/client";
import { buildings, properties } from "../../db/schema/buildings";
import { importSampleCity, square } from "../../test/buildings";
import { createTestDatabase } from "../../test/database";
import { FRESH_MS, searchCatalogue } from "./catalogue-index";
import { forgetSearches } from "./search-buildings";

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await importSampleCity(database.db);
});
afterAll(() => drop());
afterEach(() => vi.restoreAllMocks());

const ids = async (needle: string) =>
  (await searchCatalogue(database.db, needle, needle)).map((m) => m.id).sort();

describe("the catalogue kept in memory for search", () => {
  it("finds what a LIKE over the search text finds, for long, short and absent needles", async () => {
    for (const needle of ["test tower", "33rd", "west", "to", "e", "", "zzz", "0 w", "tower|"]) {
      const rows = await queryRows<{ id: string }>(
        database.db,
        sql`select id from buildings where search_text like ${`%${needle}%`} order by id`,
      );
      expect(await ids(needle), needle).toEqual(rows.map((r) => r.id).sort());
    }
  });

  it("finds the names owners gave, once a rename here forgets the kept names", async () => {
    await database.db
      .update(properties)
      .set({ customName: "Villa Verde" })
      .where(sql`${properties.buildingId} = 'way/3'`);
    forgetSearches(database.db);
    const [match] = await searchCatalogue(database.db, "villa", "villa");
    expect(match).toMatchObject({ id: "way/3", name: "villa verde" });
  });

  it("notices buildings another process imported, within FRESH_MS and without a wait", async () => {
    expect(await ids("late tower")).toEqual([]);
    await database.db.insert(buildings).values({
      id: "way/99",
      name: "Late Tower",
      lat: 40.75,
      lng: -73.98,
      footprint: { type: "Polygon", coordinates: square(-73.98, 40.75) },
      heightM: 50,
      floors: 12,
      floorAreaSqft: 40_000,
      basePriceCents: 100_000,
      source: "osm",
      searchText: "late tower",
    });
    expect(await ids("late tower")).toEqual([]);
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + FRESH_MS + 1);
    // The first search after FRESH_MS answers from the copy kept and checks the catalogue behind it.
    expect(await ids("late tower")).toEqual([]);
    await vi.waitFor(async () => expect(await ids("late tower")).toEqual(["way/99"]));
  });
});
