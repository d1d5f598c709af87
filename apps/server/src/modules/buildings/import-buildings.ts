import { readFile } from "node:fs/promises";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { buildings, neighborhoods } from "../../db/schema/buildings";
import { completeRecords, type Island, readContext, readIsland, searchTextOf } from "./island";
import { type BuildingRecord, ImportError, parseFootprints } from "./parse-footprints";
import { forgetSearches } from "./search-buildings";

export type ImportSummary = {
  format: string;
  total: number;
  inserted: number;
  updated: number;
  unchanged: number;
};

const BATCH = 500;
const SEARCH_INDEX = "buildings_search_text_trgm_idx";

/** Catalogue columns the importer owns; ownership, prices and players' names live in `properties`. */
const catalogueColumns = [
  "name",
  "address",
  "bin",
  "lat",
  "lng",
  "footprint",
  "heightM",
  "floors",
  "yearBuilt",
  "floorAreaSqft",
  "basePriceCents",
  "source",
  "neighborhood",
  "searchText",
] as const;

/**
 * NYC footprints carry a BIN, and so do most OpenStreetMap footprints: a NYC feature whose BIN names exactly one
 * building already in the catalogue updates that building instead of adding a second one on the same spot.
 */
async function matchByBin(db: Db, records: BuildingRecord[]): Promise<BuildingRecord[]> {
  const bins = records.filter((r) => r.source === "nyc" && r.bin).map((r) => r.bin as string);
  if (bins.length === 0) return records;
  const rows = await db
    .select({ bin: buildings.bin, id: sql<string>`min(${buildings.id})` })
    .from(buildings)
    .where(and(inArray(buildings.bin, bins), eq(buildings.source, "osm")))
    .groupBy(buildings.bin)
    .having(sql`count(*) = 1`);
  const byBin = new Map(rows.map((r) => [r.bin, r.id]));
  return records.map((r) => (r.bin && byBin.has(r.bin) ? { ...r, id: byBin.get(r.bin) as string } : r));
}

/**
 * Upserts the records: new buildings are added with a property at their base price; known ones get their catalogue
 * facts refreshed only where something changed. Running it twice changes nothing the second time.
 */
export async function importBuildings(
  db: Db,
  records: BuildingRecord[],
  format: string,
): Promise<ImportSummary> {
  const matched = (await matchByBin(db, records)).map((r) => ({ ...r, searchText: searchTextOf(r) }));
  let inserted = 0;
  let updated = 0;
  await db.transaction(async (tx) => {
    // Into an empty catalogue the search index is built once at the end, far faster than row by row.
    const [existing] = await tx.select({ n: count() }).from(buildings);
    const bulk = (existing?.n ?? 0) === 0 && matched.length > BATCH;
    if (bulk) await tx.execute(sql.raw(`drop index if exists ${SEARCH_INDEX}`));
    for (let i = 0; i < matched.length; i += BATCH) {
      const batch = matched.slice(i, i + BATCH);
      const set = Object.fromEntries(
        catalogueColumns.map((c) => [c, sql.raw(`excluded.${buildings[c].name}`)]),
      ) as Record<(typeof catalogueColumns)[number], ReturnType<typeof sql.raw>>;
      const changed = sql.join(
        catalogueColumns.map((c) =>
          sql.raw(`buildings.${buildings[c].name} is distinct from excluded.${buildings[c].name}`),
        ),
        sql` or `,
      );
      const rows = await tx
        .insert(buildings)
        .values(batch)
        .onConflictDoUpdate({
          target: buildings.id,
          set: { ...set, importedAt: sql`now()` },
          setWhere: changed,
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      for (const row of rows) {
        if (row.inserted) inserted += 1;
        else updated += 1;
      }
    }
    // The same definition as the migration's.
    if (bulk) {
      await tx.execute(
        sql.raw(
          `create index ${SEARCH_INDEX} on buildings using gin (search_text gin_trgm_ops) with (fastupdate = false)`,
        ),
      );
    }
    await tx.execute(sql`
      insert into properties (building_id, price_cents)
      select b.id, b.base_price_cents from buildings b
      where not exists (select 1 from properties p where p.building_id = b.id)`);
  });
  // Fresh statistics, so the planner knows the search index from the first query on.
  if (inserted + updated > 0) await db.execute(sql`analyze buildings`);
  forgetSearches(db, "catalogue");
  return { format, total: records.length, inserted, updated, unchanged: records.length - inserted - updated };
}

/**
 * One footprint file (OpenStreetMap, or NYC Open Data's Building Footprints). With MAP_DATA_DIR given, its
 * streets and neighbourhoods name and place the buildings as the island import does.
 */
export async function importFile(db: Db, file: string, mapDataDir?: string): Promise<ImportSummary> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new ImportError(`${file}: ${(error as Error).message}`);
  }
  const { format, records } = parseFootprints(json);
  const context = mapDataDir ? readContext(mapDataDir) : { namer: null, neighborhoodAt: null };
  return importBuildings(db, completeRecords(records, context), format);
}

export type IslandSummary = ImportSummary & {
  counts: Island["counts"];
  neighborhoods: number;
  seconds: number;
};

/** The whole island from MAP_DATA_DIR: every source merged (see `readIsland`), then upserted as one catalogue. */
export async function importIsland(db: Db, mapDataDir: string): Promise<IslandSummary> {
  const started = performance.now();
  const island = readIsland(mapDataDir);
  if (island.neighborhoods.length > 0) {
    await db
      .insert(neighborhoods)
      .values(island.neighborhoods)
      .onConflictDoUpdate({
        target: neighborhoods.code,
        set: {
          name: sql.raw("excluded.name"),
          kind: sql.raw("excluded.kind"),
          lat: sql.raw("excluded.lat"),
          lng: sql.raw("excluded.lng"),
        },
      });
  }
  const summary = await importBuildings(db, island.records, "island");
  return {
    ...summary,
    counts: island.counts,
    neighborhoods: island.neighborhoods.length,
    seconds: (performance.now() - started) / 1000,
  };
}
