/**
 * `npm run data:build [-- <folder>]`: builds the island file, data/manhattan-island.json.gz, from the eight public
 * files (seven GeoJSON, one CSV; default ../shared/data beside the project; see data/README.md). The same files
 * always give the same bytes; a file whose content has not changed is left as it is. With it, the collections
 * (data/collections.json, modules/collections/build-collections.ts), built from the island's records alone.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { COLLECTIONS_FILE_NAME, ISLAND_FILE_NAME } from "../apps/server/src/config";
import {
  compressIsland,
  encodeIsland,
  islandFromSources,
} from "../apps/server/src/modules/buildings/island-file";
import { ImportError } from "../apps/server/src/modules/buildings/parse-footprints";
import {
  collectionsFromRecords,
  encodeCollections,
} from "../apps/server/src/modules/collections/build-collections";

const root = path.resolve(import.meta.dirname, "..");
const dir = path.resolve(process.argv[2] ?? path.join(root, "../shared/data"));
const out = path.join(root, "data", ISLAND_FILE_NAME);
const collectionsOut = path.join(root, "data", COLLECTIONS_FILE_NAME);

try {
  const started = performance.now();
  const island = islandFromSources(dir);
  const json = encodeIsland(island);
  const same = existsSync(out) && gunzipSync(readFileSync(out)).toString("utf8") === json;
  const bytes = same ? readFileSync(out) : compressIsland(json);
  if (!same) {
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, bytes);
  }
  // The collections, from the island's own fields: the same island gives the same bytes.
  const collections = collectionsFromRecords(island.records);
  const collectionsText = encodeCollections(collections);
  const collectionsSame =
    existsSync(collectionsOut) && readFileSync(collectionsOut, "utf8") === collectionsText;
  if (!collectionsSame) writeFileSync(collectionsOut, collectionsText);
  console.log(
    `${path.relative(process.cwd(), collectionsOut)}: ${collections.length} collections, ` +
      `${collectionsSame ? "unchanged" : "written"}`,
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${path.relative(process.cwd(), out)}: ${island.records.length.toLocaleString("en-US")} buildings, ` +
      `${island.neighborhoods.length} neighbourhoods, ${island.streets.length.toLocaleString("en-US")} streets, ` +
      `${(bytes.length / 1e6).toFixed(2)} MB (${(json.length / 1e6).toFixed(1)} MB unpacked), ` +
      `sha256 ${createHash("sha256").update(bytes).digest("hex").slice(0, 16)}, ` +
      `${same ? "unchanged" : "written"} in ${seconds.toFixed(1)} s`,
  );
} catch (error) {
  console.error(error instanceof ImportError ? `data:build failed: ${error.message}` : error);
  process.exitCode = 1;
}
