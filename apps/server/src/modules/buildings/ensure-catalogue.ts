import { existsSync } from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { buildings } from "../../db/schema/buildings";
import { importFile } from "./import-buildings";

/** Footprint files looked for in MAP_DATA_DIR on first start, in order. */
export const FOOTPRINT_FILES = ["midtown-buildings.geojson", "building-footprints.geojson"];

/** On an empty catalogue, imports the footprints found in MAP_DATA_DIR — or says plainly that there are none. */
export async function ensureCatalogue(db: Db, mapDataDir: string, log: FastifyBaseLogger): Promise<void> {
  const [row] = await db.select({ n: count() }).from(buildings);
  if ((row?.n ?? 0) > 0) return;
  const file = FOOTPRINT_FILES.map((name) => path.join(mapDataDir, name)).find((f) => existsSync(f));
  if (!file) {
    log.warn(
      `No building footprints found in MAP_DATA_DIR (${mapDataDir}): the map will be empty. ` +
        `Put ${FOOTPRINT_FILES.join(" or ")} there, or run \`npm run import -- <file>\` ` +
        "(OpenStreetMap footprints with osm_id, or NYC Open Data's Building Footprints GeoJSON).",
    );
    return;
  }
  const started = Date.now();
  log.info(`Importing building footprints from ${file}…`);
  const summary = await importFile(db, file);
  log.info(
    summary,
    `Imported ${summary.inserted} buildings in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
