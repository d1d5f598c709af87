import { type ChildProcess, fork } from "node:child_process";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { sql } from "drizzle-orm";
import { createSession } from "../apps/server/src/modules/auth/sessions";
import { publishBuilding } from "../apps/server/src/modules/buildings/publish-building";
import { giveBuilding, importSampleCity } from "../apps/server/src/test/buildings";
import type { TestApp } from "../apps/server/src/test/harness";

const CONNECTIONS = Number(process.env.LIVE_CONNECTIONS ?? 5000);
/** Sockets per player stay under the server's per-player cap. */
const PER_PLAYER = 10;
const SALES = 5;

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

function settledMemory() {
  for (let i = 0; i < 3; i += 1) gc();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

function waitFor<T>(child: ChildProcess, type: string, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "${type}" from the clients in ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onMessage = (message: { type: string }) => {
      if (message.type !== type) return;
      clearTimeout(timer);
      child.off("message", onMessage);
      resolve(message as T);
    };
    child.on("message", onMessage);
  });
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * 5,000 live sockets on one instance (clients in a separate process), then sales published one at a time: how long
 * until every socket has each, and what the sockets cost the server in memory.
 */
export async function liveFigures(t: TestApp): Promise<void> {
  const { app } = t;
  const db = app.deps.db;
  await importSampleCity(db).catch(() => undefined);
  const players = Math.ceil(CONNECTIONS / PER_PLAYER);
  const rows = (await db.execute(sql`
    insert into users (id, email, user_name, full_name, building_color)
    select gen_random_uuid(), 'live' || i || '-' || ${Date.now()} || '@example.com',
           'live_' || i || '_' || ${Date.now()}, 'Live Player ' || i, '#3388ff'
    from generate_series(1, ${players}) as i
    returning id`)) as unknown as { rows: { id: string }[] };
  const tokens: string[] = [];
  for (const row of rows.rows) tokens.push(await createSession(db, app.deps.config.sessionSecret, row.id));
  const [owner] = rows.rows;
  if (!owner) throw new Error("no players made");

  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  const child = fork(path.join(import.meta.dirname, "live-clients.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  try {
    const before = settledMemory();
    const started = performance.now();
    child.send({ url: `ws://127.0.0.1:${port}/api/v1/live`, tokens, count: CONNECTIONS });
    await waitFor(child, "ready", 180_000);
    const connectSeconds = (performance.now() - started) / 1000;
    const after = settledMemory();
    const held = app.live.hub.size;
    console.log(
      `  ${held.toLocaleString("en-US")} sockets signed in in ${connectSeconds.toFixed(1)} s (${(held / connectSeconds).toFixed(0)}/s)`,
    );
    console.log(
      `  memory per connection: ${((after.rss - before.rss) / held / 1024).toFixed(1)} KiB RSS, ${((after.heapUsed - before.heapUsed) / held / 1024).toFixed(1)} KiB JS heap`,
    );

    const all: number[] = [];
    for (let sale = 1; sale <= SALES; sale += 1) {
      const buildingId = `way/${1 + (sale % 3)}`;
      await giveBuilding(db, buildingId, owner.id, 10_000 * sale);
      child.send({ type: "expect", buildingId });
      await waitFor(child, "armed", 10_000);
      const arrived = waitFor<{ arrivals: number[] }>(child, "arrivals", 30_000);
      const t0 = performance.timeOrigin + performance.now();
      await publishBuilding(db, "building.sold", buildingId);
      const latencies = (await arrived).arrivals.map((at) => at - t0).sort((a, b) => a - b);
      all.push(...latencies);
      console.log(
        `  sale ${sale} reached all ${latencies.length.toLocaleString("en-US")}: p50 ${pct(latencies, 50).toFixed(1)} ms   p99 ${pct(latencies, 99).toFixed(1)} ms   max ${(latencies.at(-1) ?? 0).toFixed(1)} ms`,
      );
    }
    all.sort((a, b) => a - b);
    console.log(
      `  ${SALES} sales × ${CONNECTIONS.toLocaleString("en-US")} sockets, NOTIFY to last socket: p50 ${pct(all, 50).toFixed(1)} ms   p99 ${pct(all, 99).toFixed(1)} ms   max ${(all.at(-1) ?? 0).toFixed(1)} ms`,
    );
  } finally {
    child.send({ type: "stop" });
    await new Promise((resolve) => child.once("exit", resolve));
  }
}
