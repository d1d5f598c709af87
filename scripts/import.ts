/**
 * `npm run import`: the whole island, from the committed island file (data/manhattan-island.json.gz) or, with
 * MAP_DATA_DIR set, from the public files there (OpenStreetMap and 3-D model footprints merged, with tax lots,
 * streets and neighbourhoods). `npm run import -- <file.geojson>`: adds or refreshes buildings from one
 * OpenStreetMap or NYC Building Footprints file. Both can run again and again: they change nothing the second time.
 */
import { loadConfig } from "../apps/server/src/config";
import { openDatabase } from "../apps/server/src/db/client";
import {
  type IslandSummary,
  importFile,
  importIsland,
  importIslandFile,
} from "../apps/server/src/modules/buildings/import-buildings";
import { ImportError } from "../apps/server/src/modules/buildings/parse-footprints";

const file = process.argv[2];
const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await database.migrate();
  const started = Date.now();
  if (file) {
    const summary = await importFile(database.db, file, config);
    console.log(
      `${summary.format} footprints: ${summary.total} read, ${summary.inserted} added, ${summary.updated} updated, ` +
        `${summary.unchanged} unchanged (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  } else {
    const from = config.mapDataDir ?? config.islandFile;
    const summary: IslandSummary = config.mapDataDir
      ? await importIsland(database.db, config.mapDataDir)
      : await importIslandFile(database.db, config.islandFile);
    const { osm, model, modelMerged, repaired, lots } = summary.counts;
    console.log(
      `The island from ${from}: ${osm} OpenStreetMap and ${model} 3-D model buildings ` +
        `(${modelMerged} model footprints merged into OpenStreetMap ones, ${repaired} repaired, ${lots} with a tax lot), ` +
        `${summary.neighborhoods} neighbourhoods; ${summary.inserted} added, ${summary.updated} updated, ` +
        `${summary.unchanged} unchanged (${summary.seconds.toFixed(1)} s)`,
    );
  }
} catch (error) {
  console.error(error instanceof ImportError ? `Import failed: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
