import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../config";
import type { Database } from "../../db/client";
import { buildings, neighborhoods, properties } from "../../db/schema/buildings";
import { collection, sampleCity } from "../../test/buildings";
import { createTestDatabase } from "../../test/database";
import { hasSharedData, SHARED_DATA_DIR } from "../../test/shared-data";
import { importFile, importIsland, importIslandFile } from "./import-buildings";
import { searchTextOf } from "./island";
import {
  compressIsland,
  decodeIsland,
  encodeIsland,
  type IslandData,
  islandFromSources,
  readIslandFile,
} from "./island-file";
import { ImportError, parseFootprints } from "./parse-footprints";

const islandFile = testConfig().islandFile;

/** A tiny island touching every shape the format knows: Polygon and MultiPolygon, holes, an open ring, lines. */
function tinyIsland(): IslandData {
  const { records } = parseFootprints(sampleCity);
  const [tower, block, shed] = records;
  if (!tower || !block || !shed) throw new Error("sample city");
  const withHole = {
    ...block,
    footprint: {
      type: "MultiPolygon" as const,
      coordinates: [
        [
          [
            [-73.99, 40.75],
            [-73.989, 40.75],
            [-73.989, 40.751],
            [-73.99, 40.75],
          ],
          [
            [-73.9898, 40.7502],
            [-73.9895, 40.7502],
            [-73.9895, 40.7504],
            [-73.9898, 40.7502],
          ],
        ],
        // An open ring stays open.
        [
          [
            [-73.98, 40.74],
            [-73.979, 40.74],
            [-73.979, 40.741],
          ],
        ],
      ],
    },
    neighborhood: "Midtown-Times Square",
  };
  const island: IslandData = {
    sources: [{ file: "x.geojson", sha256: "0".repeat(64), features: 3 }],
    counts: { osm: 3, model: 0, modelMerged: 0, modelSkipped: 0, repaired: 0, lots: 1 },
    records: [tower, withHole, { ...shed, name: "W 33rd St at 7th Ave", source: "doitt" }],
    neighborhoods: [
      {
        code: "MN0502",
        name: "Midtown-Times Square",
        kind: 0,
        lat: 40.754_123_456_789,
        lng: -73.987_654_321,
        polygons: [
          [
            [
              [-74, 40.7],
              [-73.9, 40.7],
              [-73.9, 40.8],
              [-74, 40.7],
            ],
          ],
        ],
      },
    ],
    streets: [
      {
        name: "7th Avenue",
        highway: "primary",
        geometry: {
          type: "LineString",
          coordinates: [
            [-73.9904229, 40.7482075],
            [-73.9817088, 40.7602289],
          ],
        },
      },
      {
        name: "West 33rd Street",
        highway: "residential",
        geometry: {
          type: "MultiLineString",
          coordinates: [
            [
              [-73.99, 40.75],
              [-73.98, 40.745],
            ],
            [
              [-73.97, 40.74],
              [-73.96, 40.735],
            ],
          ],
        },
      },
    ],
    shoreline: [
      [
        [
          [
            [-74.02, 40.7],
            [-73.93, 40.7],
            [-73.93, 40.88],
            [-74.02, 40.7],
          ],
        ],
      ],
    ],
  };
  return { ...island, records: island.records.map((r) => ({ ...r, searchText: searchTextOf(r) })) };
}

describe("the island file format", () => {
  it("gives back exactly what went in", () => {
    const island = tinyIsland();
    expect(decodeIsland(encodeIsland(island))).toEqual(island);
  });

  it("gives the same bytes for the same island", () => {
    const a = compressIsland(encodeIsland(tinyIsland()));
    const b = compressIsland(encodeIsland(tinyIsland()));
    expect(a.equals(b)).toBe(true);
    expect(gunzipSync(a).toString("utf8")).toBe(encodeIsland(tinyIsland()));
  });

  it("refuses another version and damaged geometry, naming the problem", () => {
    const doc = JSON.parse(encodeIsland(tinyIsland()));
    expect(() => decodeIsland(JSON.stringify({ ...doc, version: 1 }))).toThrowError(
      /version 1; this server reads version 2/,
    );
    const short = {
      ...doc,
      buildings: { ...doc.buildings, footprint: { ...doc.buildings.footprint, steps: [] } },
    };
    expect(() => decodeIsland(JSON.stringify(short))).toThrowError(ImportError);
    expect(() => decodeIsland("{}")).toThrowError("This is not an island file.");
  });
});

describe("the committed island file", () => {
  it("holds the whole island: every building named and placed, every neighbourhood, the streets and shore", () => {
    const island = readIslandFile(islandFile);
    expect(island.records.length).toBeGreaterThanOrEqual(45_000);
    expect(island.neighborhoods).toHaveLength(38);
    expect(island.streets.length).toBeGreaterThan(7_000);
    expect(island.shoreline.length).toBeGreaterThan(0);
    expect(island.records.filter((r) => !r.name && !r.address)).toEqual([]);
    expect(island.records.filter((r) => !r.neighborhood)).toEqual([]);
    expect(new Set(island.records.map((r) => r.id)).size).toBe(island.records.length);
    const esb = island.records.find((r) => r.name === "Empire State Building");
    expect(esb).toMatchObject({ id: "way/34633854", neighborhood: expect.stringContaining("Midtown") });
    expect(esb?.basePriceCents).toBeGreaterThan(400_000);
    expect(readFileSync(islandFile).length).toBeLessThan(15_000_000);
  }, 120_000);

  describe("imported", () => {
    let database: Database;
    let drop: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase());
    }, 240_000);
    afterAll(async () => drop?.());

    it("fills an empty catalogue with every building, its property and the neighbourhoods", async () => {
      const summary = await importIslandFile(database.db, islandFile);
      expect(summary.inserted).toBe(summary.total);
      expect(summary.neighborhoods).toBe(38);
      expect(await database.db.$count(properties)).toBe(summary.total);
      expect(await database.db.$count(neighborhoods)).toBe(38);
      const [esb] = await database.db
        .select()
        .from(buildings)
        .where(eq(buildings.name, "Empire State Building"));
      expect(esb?.floors).toBeGreaterThan(80);
      // Each building is its own map feature, numbered in import order.
      const ids = await database.db
        .select({ mapId: buildings.mapId })
        .from(buildings)
        .orderBy(asc(buildings.mapId));
      expect(ids.at(-1)?.mapId).toBe(summary.total);
    }, 240_000);

    it("names and places buildings of a single footprint file from the island file's streets and neighbourhoods", async () => {
      const dir = mkdtempSync(path.join(tmpdir(), "footprints-"));
      try {
        const file = path.join(dir, "building-footprints.geojson");
        writeFileSync(
          file,
          JSON.stringify(
            collection([
              {
                type: "Feature",
                properties: { bin: "1999998", heightroof: "60", cnstrct_yr: "1925", doitt_id: "77" },
                geometry: {
                  type: "Polygon",
                  coordinates: [
                    [
                      [-73.9536, 40.8078],
                      [-73.9534, 40.8078],
                      [-73.9534, 40.808],
                      [-73.9536, 40.808],
                      [-73.9536, 40.8078],
                    ],
                  ],
                },
              },
            ]),
          ),
        );
        await importFile(database.db, file, { mapDataDir: null, islandFile });
        const [added] = await database.db.select().from(buildings).where(eq(buildings.id, "bin/1999998"));
        expect(added?.neighborhood).toMatch(/Harlem/);
        expect(added?.name).toMatch(/ at /);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, 120_000);
  });
});

// The public files live beside the project on our machines and in CI; a fresh clone has only the island file.
describe.runIf(hasSharedData)("the island file against the public files", () => {
  let fromSources: IslandData;
  beforeAll(() => {
    fromSources = islandFromSources(SHARED_DATA_DIR);
  }, 240_000);

  it("is what data:build makes of them today, byte for byte", { timeout: 120_000 }, () => {
    const json = encodeIsland(fromSources);
    expect(gunzipSync(readFileSync(islandFile)).toString("utf8") === json, "run `npm run data:build`").toBe(
      true,
    );
    expect(compressIsland(json).equals(readFileSync(islandFile))).toBe(true);
  });

  it("keeps every building's id and every field", { timeout: 120_000 }, () => {
    const fromFile = readIslandFile(islandFile);
    expect(fromFile.records.map((r) => r.id)).toEqual(fromSources.records.map((r) => r.id));
    expect(fromFile.records).toEqual(fromSources.records);
    expect(fromFile.neighborhoods).toEqual(fromSources.neighborhoods);
  });

  it("imports the same catalogue either way: the public files change nothing after the island file", async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const first = await importIslandFile(database.db, islandFile);
      const before = await database.db.select().from(buildings).orderBy(asc(buildings.mapId));
      const again = await importIsland(database.db, SHARED_DATA_DIR);
      expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: first.total });
      expect(await database.db.select().from(buildings).orderBy(asc(buildings.mapId))).toEqual(before);
    } finally {
      await drop();
    }
  }, 480_000);
});
