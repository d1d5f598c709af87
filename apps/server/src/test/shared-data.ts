import { existsSync } from "node:fs";
import path from "node:path";

/** The public files beside the project (../shared/data), present on our machines and in CI, absent in a fresh clone. */
export const SHARED_DATA_DIR = path.resolve(import.meta.dirname, "../../../../../shared/data");
export const hasSharedData = existsSync(path.join(SHARED_DATA_DIR, "midtown-buildings.geojson"));
