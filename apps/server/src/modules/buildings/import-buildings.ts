import { readFile } from "node:fs/promises";
import { queryRows } from "@mx/kit/sql";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { buildings, neighborhoods } from "../../db/schema/buildings";
import { completeRecords, type Island, type NeighborhoodRecord, readIsland, searchTextOf } from "./island";
import { contextOf, loadIslandFile, type MapData } from "./map-data";
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
/** Rows per statement when filling an empty catalogue: each statement carries them as one JSON text. */
const BULK_BATCH = 5000;

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

async function addProperties(tx: Tx) {
  await tx.execute(sql`
    insert into properties (building_id, price_cents)
    select b.id, b.base_price_cents from buildings b
    where not exists (select 1 from properties p where p.building_id = b.id)`);
}

/**
 * Runs `fill` with the tables' secondary indexes and the foreign keys between them set aside, then puts them back
 * as they were defined (read from the database, so they follow the migrations): building an index once over
 * 46,000 rows is far faster than growing it row by row, and one check of the keys faster than one per row.
 */
async function withoutIndexes(tx: Tx, tables: string[], fill: () => Promise<void>) {
  const list = sql.raw(`(${tables.map((t) => `'${t}'`).join(", ")})`);
  const indexes = await queryRows<{ name: string; definition: string }>(
    tx,
    sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
        join pg_class c on c.relname = i.indexname
        join pg_index x on x.indexrelid = c.oid
        where i.schemaname = current_schema() and i.tablename in ${list}
          and not x.indisprimary
          and not exists (select 1 from pg_constraint k where k.conindid = c.oid)
        order by i.indexname`,
  );
  const keys = await queryRows<{ name: string; table: string; definition: string }>(
    tx,
    sql`select k.conname as name, k.conrelid::regclass::text as table, pg_get_constraintdef(k.oid) as definition
        from pg_constraint k
        where k.contype = 'f' and k.conrelid::regclass::text in ${list}
          and k.confrelid::regclass::text in ${list}
        order by k.conname`,
  );
  for (const k of keys) await tx.execute(sql.raw(`alter table ${k.table} drop constraint "${k.name}"`));
  for (const i of indexes) await tx.execute(sql.raw(`drop index "${i.name}"`));
  await fill();
  for (const i of indexes) await tx.execute(sql.raw(i.definition));
  for (const k of keys) {
    await tx.execute(sql.raw(`alter table ${k.table} add constraint "${k.name}" ${k.definition}`));
  }
}

/** An empty catalogue filled in a few large statements, each building given its property. */
async function fillEmptyCatalogue(tx: Tx, records: BuildingRecord[]): Promise<number> {
  let inserted = 0;
  await withoutIndexes(tx, ["buildings", "properties"], async () => {
    for (let i = 0; i < records.length; i += BULK_BATCH) {
      const rows = records.slice(i, i + BULK_BATCH).map((r) => ({
        id: r.id,
        name: r.name,
        address: r.address,
        bin: r.bin,
        lat: r.lat,
        lng: r.lng,
        footprint: r.footprint,
        height_m: r.heightM,
        floors: r.floors,
        year_built: r.yearBuilt,
        floor_area_sqft: r.floorAreaSqft,
        base_price_cents: r.basePriceCents,
        source: r.source,
        neighborhood: r.neighborhood,
        search_text: r.searchText,
      }));
      const [row] = await queryRows<{ n: number }>(
        tx,
        sql`with added as (
              insert into buildings (id, name, address, bin, lat, lng, footprint, height_m, floors, year_built,
                                     floor_area_sqft, base_price_cents, source, neighborhood, search_text)
              select * from json_to_recordset(${JSON.stringify(rows)}::json) as r(
                id text, name text, address text, bin text, lat float8, lng float8, footprint jsonb, height_m real,
                floors int, year_built int, floor_area_sqft int, base_price_cents int, source text,
                neighborhood text, search_text text)
              on conflict (id) do nothing
              returning 1)
            select count(*)::int as n from added`,
      );
      inserted += row?.n ?? 0;
    }
    await addProperties(tx);
  });
  return inserted;
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
    const [existing] = await tx.select({ n: count() }).from(buildings);
    if ((existing?.n ?? 0) === 0 && matched.length > BATCH) {
      inserted = await fillEmptyCatalogue(tx, matched);
      return;
    }
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
    await addProperties(tx);
  });
  // Fresh statistics for both tables filled, so the planner knows from the first query on what they hold: the search
  // index, and that nearly every property is unowned (without them, the purchase's `owner_id is null` was taken for
  // a selective condition, and read all 46,000 entries of the owner index per batch). A database whose autovacuum is
  // off would otherwise never gather them.
  if (inserted + updated > 0) await db.execute(sql`analyze buildings, properties`);
  forgetSearches(db, "catalogue");
  return { format, total: records.length, inserted, updated, unchanged: records.length - inserted - updated };
}

/**
 * One footprint file (OpenStreetMap, or NYC Open Data's Building Footprints). With the map data given, its
 * streets and neighbourhoods (MAP_DATA_DIR's, else the island file's) name and place the buildings as the island
 * import does.
 */
export async function importFile(db: Db, file: string, mapData?: MapData): Promise<ImportSummary> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    throw new ImportError(`${file}: ${(error as Error).message}`);
  }
  const { format, records } = parseFootprints(json);
  const context = mapData ? contextOf(mapData) : { namer: null, neighborhoodAt: null };
  return importBuildings(db, completeRecords(records, context), format);
}

export type IslandSummary = ImportSummary & {
  counts: Island["counts"];
  neighborhoods: number;
  seconds: number;
};

/** The whole island from MAP_DATA_DIR's public files: every source merged (see `readIsland`), then upserted. */
export async function importIsland(db: Db, mapDataDir: string): Promise<IslandSummary> {
  const started = performance.now();
  return importIslandData(db, readIsland(mapDataDir), started);
}

/** The whole island from the island file (see `island-file.ts`): the same catalogue, without the merging. */
export async function importIslandFile(db: Db, file: string): Promise<IslandSummary> {
  const started = performance.now();
  return importIslandData(db, loadIslandFile(file), started);
}

async function importIslandData(
  db: Db,
  island: Pick<Island, "records" | "neighborhoods" | "counts">,
  started: number,
): Promise<IslandSummary> {
  if (island.neighborhoods.length > 0) {
    await db
      .insert(neighborhoods)
      .values(
        island.neighborhoods.map(
          ({ code, name, kind, lat, lng }): NeighborhoodRecord => ({ code, name, kind, lat, lng }),
        ),
      )
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
