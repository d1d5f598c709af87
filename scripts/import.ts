/** `npm run import -- <file.geojson>`: adds or refreshes buildings from OpenStreetMap or NYC footprints. */
import { loadConfig } from "../apps/server/src/config";
import { openDatabase } from "../apps/server/src/db/client";
import { importFile } from "../apps/server/src/modules/buildings/import-buildings";
import { ImportError } from "../apps/server/src/modules/buildings/parse-footprints";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run import -- <footprints.geojson>");
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await database.migrate();
  const started = Date.now();
  const summary = await importFile(database.db, file);
  console.log(
    `${summary.format} footprints: ${summary.total} read, ${summary.inserted} added, ${summary.updated} updated, ` +
      `${summary.unchanged} unchanged (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
} catch (error) {
  console.error(error instanceof ImportError ? `Import failed: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
