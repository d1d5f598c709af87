import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { queryRows } from "@mx/kit/sql";
import { sql } from "drizzle-orm";
import { testConfig } from "../apps/server/src/config";
import { openDatabase } from "../apps/server/src/db/client";
import { warmCatalogue } from "../apps/server/src/modules/buildings/catalogue-index";
import {
  type IslandSummary,
  importIsland,
  importIslandFile,
} from "../apps/server/src/modules/buildings/import-buildings";
import type { signUp, TestApp } from "../apps/server/src/test/harness";
import { hasSharedData, SHARED_DATA_DIR } from "../apps/server/src/test/shared-data";
import { measure } from "./measure";

/** Wall-clock and CPU seconds of this process (PGlite runs inside it; PostgreSQL's own work is not counted). */
async function timed<T>(run: () => Promise<T>): Promise<{ result: T; text: string }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await run();
  const used = process.cpuUsage(cpu);
  return {
    result,
    text: `${((performance.now() - started) / 1000).toFixed(1)} s (${((used.user + used.system) / 1e6).toFixed(1)} s CPU here)`,
  };
}

const detail = (s: IslandSummary) =>
  `${s.inserted.toLocaleString("en-US")} added, ${s.updated} updated, ${s.unchanged.toLocaleString("en-US")} unchanged`;

/**
 * The whole-island import as a first start runs it (from the committed island file, into an empty catalogue), again
 * on a full one, from the public files when they are beside the project; then search across the island.
 */
export async function islandFigures(
  t: TestApp,
  player: Awaited<ReturnType<typeof signUp>>,
  { searches }: { searches: number },
) {
  const db = t.app.deps.db;
  const file = testConfig().islandFile;
  console.log(
    `  island file: ${(statSync(file).size / 1e6).toFixed(2)} MB (${path.relative(process.cwd(), file)})`,
  );
  if (t.app.deps.database.kind === "pglite") {
    // A first start keeps its embedded database on disk (DATA_DIR/db), slower to write than the in-memory one.
    const dir = mkdtempSync(path.join(tmpdir(), "bench-island-"));
    const onDisk = await openDatabase({ kind: "pglite", dataDir: dir });
    try {
      await onDisk.migrate();
      const first = await timed(() => importIslandFile(onDisk.db, file));
      console.log(`  first start, island file into PGlite on disk: ${first.text}, ${detail(first.result)}`);
    } finally {
      await onDisk.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const first = await timed(() => importIslandFile(db, file));
  console.log(`  island file into an empty catalogue: ${first.text}, ${detail(first.result)}`);
  const again = await timed(() => importIslandFile(db, file));
  console.log(`  island file again, full catalogue:   ${again.text}, ${detail(again.result)}`);
  if (hasSharedData) {
    const raw = await timed(() => importIsland(db, SHARED_DATA_DIR));
    const { osm, model, modelMerged, repaired } = raw.result.counts;
    console.log(
      `  the public files (MAP_DATA_DIR) over it: ${raw.text}, ${detail(raw.result)} ` +
        `(${osm} OSM, ${model} 3-D model, ${modelMerged} merged, ${repaired} repaired)`,
    );
  }

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
