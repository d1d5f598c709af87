/**
 * The collections' reads as players get them: the compiled server in a process of its own (`startServedServer`:
 * the whole island, a PostgreSQL database made for the run), 10,000 players holding a third of the island and half
 * the collections (`populateCollectors`), and the load from another process (http-load.ts) over 16 keep-alive
 * connections asking for brotli as a browser does. The issue's goal: p99 ≤ 50 ms for the list and a collection.
 */
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import type { Queryable } from "../apps/server/src/db/client";
import { loadCollections } from "../apps/server/src/modules/collections/catalogue";
import { populateCollectors } from "./collections";
import { printFigures } from "./measure";
import { load, sessionFor, startServedServer } from "./served-hot-reads";

const CONNECTIONS = 16;
const GOAL_P99_MS = 50;

export async function servedCollectionFigures({
  adminUrl,
  quick,
  build,
}: {
  adminUrl: string;
  quick: boolean;
  build: boolean;
}): Promise<void> {
  const timing = quick ? { warmupSeconds: 1, seconds: 3 } : { warmupSeconds: 2, seconds: 8 };
  const served = await startServedServer({
    adminUrl,
    build,
    name: "collections",
    port: Number(process.env.BENCH_PORT ?? 3407) + 10,
  });
  try {
    const catalogue = loadCollections(path.resolve(import.meta.dirname, "../data/collections.json"));
    const players = await populateCollectors(drizzle(served.pool) as unknown as Queryable, catalogue);
    // A player holding a collection, and that collection: the viewer's progress is worked out on every reply.
    const held = await served.pool.query<{ user_id: string; collection_id: string }>(
      "select user_id::text, collection_id from collection_completions where lost_at is null order by collection_id limit 1",
    );
    const viewer = held.rows[0]?.user_id ?? players[0];
    const collectionId = held.rows[0]?.collection_id ?? catalogue.list[0]?.id;
    if (!viewer || !collectionId) throw new Error("no player or collection to read");
    const signedIn = { authorization: `Bearer ${await sessionFor(served.pool, viewer)}` };
    const browser = { "accept-encoding": "gzip, deflate, br" };
    const reads: [string, string, Record<string, string>][] = [
      ["collections (signed out)", "/api/v1/collections", browser],
      ["collections (signed in: my progress)", "/api/v1/collections", { ...browser, ...signedIn }],
      ["collections/:id (signed out)", `/api/v1/collections/${collectionId}`, browser],
      ["collections/:id (signed in)", `/api/v1/collections/${collectionId}`, { ...browser, ...signedIn }],
      ["collections/leaderboard", "/api/v1/collections/leaderboard", browser],
    ];
    for (const [name, route, headers] of reads) {
      const res = await fetch(`${served.base}${route}`, { headers });
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    }
    for (const [name, route, headers] of reads) {
      const result = await load(
        { url: `${served.base}${route}`, headers, connections: CONNECTIONS, ...timing },
        served.pid,
      );
      if (result.failure) throw new Error(`${name}: ${result.failure}`);
      const figures = printFigures(`GET ${name}`, { ...result, concurrency: CONNECTIONS });
      console.log(
        `  ${"".padEnd(44)} ${result.bytesPerReply.toFixed(0)} bytes a reply; ${figures.p99 <= GOAL_P99_MS ? "meets" : "misses"} the goal (p99 ≤ ${GOAL_P99_MS} ms)`,
      );
    }
  } finally {
    await served.close();
  }
}
