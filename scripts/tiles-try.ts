import { openDatabase } from "../apps/server/src/db/client";
import { MapTiles } from "../apps/server/src/modules/map/tiles";
const database = await openDatabase({ kind: "postgres", url: "postgres://postgres@127.0.0.1:5432/island_try" });
const tiles = new MapTiles(database.db, "/work/shared/data");
let t0 = performance.now();
const built = await tiles.current();
console.log("build", ((performance.now() - t0) / 1000).toFixed(1), "s", built.manifest);
const lon2x = (lon: number, z: number) => Math.floor(((lon + 180) / 360) * 2 ** z);
const lat2y = (lat: number, z: number) => Math.floor(((1 - Math.log(Math.tan((lat * Math.PI) / 180) + 1 / Math.cos((lat * Math.PI) / 180)) / Math.PI) / 2) * 2 ** z);
for (const z of [11, 12, 13, 14]) {
  const [w, s, e, n] = built.manifest.bounds;
  let total = 0, max = 0, count = 0;
  t0 = performance.now();
  for (let x = lon2x(w, z); x <= lon2x(e, z); x++) for (let y = lat2y(n, z); y <= lat2y(s, z); y++) {
    const t = await tiles.tile(z, x, y);
    const len = t?.gzipped.length ?? 0;
    total += len; max = Math.max(max, len); count++;
  }
  console.log(`z${z}: ${count} tiles, ${(total / 1024).toFixed(0)} KB gz, max ${(max / 1024).toFixed(0)} KB, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
await database.close();
