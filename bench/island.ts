import { sql } from "drizzle-orm";
import { testConfig } from "../apps/server/src/config";
import { queryRows } from "../apps/server/src/lib/sql";
import { warmCatalogue } from "../apps/server/src/modules/buildings/catalogue-index";
import { importIsland } from "../apps/server/src/modules/buildings/import-buildings";
import type { signUp, TestApp } from "../apps/server/src/test/harness";
import { measure } from "./measure";

/** The whole-island import (first run on an empty catalogue, then again), and search across the island. */
export async function islandFigures(
  t: TestApp,
  player: Awaited<ReturnType<typeof signUp>>,
  { searches }: { searches: number },
) {
  const db = t.app.deps.db;
  const dir = testConfig().mapDataDir;
  const first = await importIsland(db, dir);
  console.log(
    `  island import, empty catalogue: ${first.seconds.toFixed(1)} s for ${first.inserted.toLocaleString("en-US")} buildings ` +
      `(${first.counts.osm} OSM, ${first.counts.model} 3-D model, ${first.counts.modelMerged} merged, ${first.counts.repaired} repaired)`,
  );
  const again = await importIsland(db, dir);
  console.log(
    `  island import, again:           ${again.seconds.toFixed(1)} s (${again.inserted} added, ${again.updated} updated, ${again.unchanged.toLocaleString("en-US")} unchanged)`,
  );

  const names = await queryRows<{ name: string; id: string }>(
    db,
    sql`select name, id from buildings where name is not null order by md5(id) limit 1500`,
  );
  // The first 500 warm the server (JIT, connections) and are not counted; the other 1,000 are asked once each.
  const warmUp = names.splice(0, 500);
  const search = (text: string) => async () => {
    const res = await t.call(
      "GET",
      `/api/v1/properties/checkPropertyDetails?text=${encodeURIComponent(text)}`,
      {
        token: player.token,
      },
    );
    if (res.statusCode !== 200) throw new Error(`${text}: ${res.body}`);
  };
  // As the server does once it answers (main.ts): the catalogue is read for search before the first search.
  const warm = Date.now();
  await warmCatalogue(db);
  console.log(`  search catalogue read into memory: ${Date.now() - warm} ms`);
  await measure("  (warm-up: 500 other names, not counted)", { count: warmUp.length, concurrency: 50 }, (i) =>
    search(warmUp[i]?.name ?? "Empire State Building")(),
  );
  const byName = (i: number) => search(names[i % names.length]?.name ?? "Empire State Building")();
  await measure("…?text=<name>, each asked once (index)", { count: names.length, concurrency: 50 }, byName);
  await measure("…?text=<name>, asked again (cached ids)", { count: searches, concurrency: 50 }, byName);
  await measure("…?text=<building id>", { count: searches, concurrency: 50 }, (i) =>
    search(names[i % names.length]?.id ?? "way/34633854")(),
  );
  await measure(
    "…?text=Harlem (~8,000 matches, cached)",
    { count: Math.ceil(searches / 5), concurrency: 50 },
    search("Harlem"),
  );
}
