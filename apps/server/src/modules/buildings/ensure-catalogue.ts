import { existsSync } from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { buildings } from "../../db/schema/buildings";
import { importFile, importIsland } from "./import-buildings";
import { hasIslandData, ISLAND_FILES } from "./island";

/** A footprint file looked for in MAP_DATA_DIR on first start when none of the island's files is there. */
export const FOOTPRINT_FILES = ["building-footprints.geojson"];

/**
 * On an empty catalogue, imports the whole island from MAP_DATA_DIR (or a single footprint file found there) —
 * or says plainly that there is nothing to import.
 */
export async function ensureCatalogue(db: Db, mapDataDir: string, log: FastifyBaseLogger): Promise<void> {
  const [row] = await db.select({ n: count() }).from(buildings);
  if ((row?.n ?? 0) > 0) return;
  const started = Date.now();
  if (hasIslandData(mapDataDir)) {
    log.info(`Importing the island's buildings from ${mapDataDir}…`);
    const summary = await importIsland(db, mapDataDir);
    log.info(
      summary.counts,
      `Imported ${summary.inserted} buildings in ${summary.neighborhoods} neighbourhoods in ${summary.seconds.toFixed(1)} s`,
    );
    return;
  }
  const file = FOOTPRINT_FILES.map((name) => path.join(mapDataDir, name)).find((f) => existsSync(f));
  if (!file) {
    const expected = [...ISLAND_FILES.osm, ISLAND_FILES.model, ...FOOTPRINT_FILES].join(", ");
    log.warn(
      `No building footprints found in MAP_DATA_DIR (${mapDataDir}): the map will be empty. ` +
        `Put any of ${expected} there, or run \`npm run import -- <file>\` ` +
        "(OpenStreetMap footprints with osm_id, or NYC Open Data's Building Footprints GeoJSON).",
    );
    return;
  }
  log.info(`Importing building footprints from ${file}…`);
  const summary = await importFile(db, file, mapDataDir);
  log.info(
    summary,
    `Imported ${summary.inserted} buildings in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
