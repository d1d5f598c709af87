import { existsSync } from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { buildings } from "../../db/schema/buildings";
import { type IslandSummary, importFile, importIsland, importIslandFile } from "./import-buildings";
import { ISLAND_FILES } from "./island";
import { hasRawIsland, type MapData } from "./map-data";

/** A footprint file looked for in MAP_DATA_DIR on first start when none of the island's files is there. */
const FOOTPRINT_FILES = ["building-footprints.geojson"];

const imported = (summary: IslandSummary) =>
  `Imported ${summary.inserted} buildings in ${summary.neighborhoods} neighbourhoods in ${summary.seconds.toFixed(1)} s`;

/**
 * On an empty catalogue, imports the whole island: from the committed island file, or from MAP_DATA_DIR when it
 * is set (the public files, or a single footprint file found there). Says plainly when there is nothing to import.
 */
export async function ensureCatalogue(db: Db, mapData: MapData, log: FastifyBaseLogger): Promise<void> {
  const [row] = await db.select({ n: count() }).from(buildings);
  if ((row?.n ?? 0) > 0) return;
  const started = Date.now();
  const dir = mapData.mapDataDir;
  if (!dir) {
    if (!existsSync(mapData.islandFile)) {
      log.warn(
        `The island file ${mapData.islandFile} is missing: the map will be empty. ` +
          "Run `npm run data:build` (from the public files), or set MAP_DATA_DIR to a folder of them.",
      );
      return;
    }
    log.info(`Importing the island's buildings from ${mapData.islandFile}…`);
    const summary = await importIslandFile(db, mapData.islandFile);
    log.info(summary.counts, imported(summary));
    return;
  }
  if (hasRawIsland(mapData)) {
    log.info(`Importing the island's buildings from ${dir}…`);
    const summary = await importIsland(db, dir);
    log.info(summary.counts, imported(summary));
    return;
  }
  const file = FOOTPRINT_FILES.map((name) => path.join(dir, name)).find((f) => existsSync(f));
  if (!file) {
    const expected = [...ISLAND_FILES.osm, ISLAND_FILES.model, ...FOOTPRINT_FILES].join(", ");
    log.warn(
      `No building footprints found in MAP_DATA_DIR (${dir}): the map will be empty. ` +
        `Put any of ${expected} there, unset MAP_DATA_DIR to use the island file, or run \`npm run import -- <file>\` ` +
        "(OpenStreetMap footprints with osm_id, or NYC Open Data's Building Footprints GeoJSON).",
    );
    return;
  }
  log.info(`Importing building footprints from ${file}…`);
  const summary = await importFile(db, file, mapData);
  log.info(
    summary,
    `Imported ${summary.inserted} buildings in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
