/**
 * Hot reads over HTTP against a bare Fastify hello-world in the same process and the same run: property details by
 * id, a leaderboard page, the map state and the profile (a session lookup), each with 50 keep-alive connections
 * from a second process. Prints each read's requests per second, its share of the hello-world's, and p99.
 * Goal: at least 50% of the hello-world with p99 ≤ 50 ms (figures on a shared machine are noisy: compare ratios).
 */
import { fork } from "node:child_process";
import type { AddressInfo } from "node:net";
import path from "node:path";
import Fastify from "fastify";
import { giveBuilding, importSampleCity } from "../apps/server/src/test/buildings";
import { signUp, type TestApp } from "../apps/server/src/test/harness";
import { type Figures, report } from "./measure";

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);

async function load(name: string, url: string, headers: Record<string, string>, seconds = SECONDS) {
  const clients = fork(path.join(import.meta.dirname, "read-clients.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const result = await new Promise<{ latencies: number[]; elapsedMs: number; failure: string | null }>(
    (resolve, reject) => {
      clients.once("message", resolve as (message: unknown) => void);
      clients.once("exit", (code) => reject(new Error(`the clients stopped (${code})`)));
      clients.send({ url, headers, connections: CONNECTIONS, seconds });
    },
  );
  if (result.failure) throw new Error(`${name}: ${result.failure}`);
  return result;
}

export async function hotReadFigures(t: TestApp): Promise<void> {
  const { db } = t.app.deps;
  await importSampleCity(db);
  const owner = await signUp(t);
  const viewer = await signUp(t);
  await giveBuilding(db, "way/1", owner.userId, 150_000);
  await giveBuilding(db, "way/3", viewer.userId, 90_000);

  const bare = Fastify({ logger: false });
  bare.get("/", async () => ({ hello: "world" }));
  await bare.listen({ port: 0, host: "127.0.0.1" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const barePort = (bare.server.address() as AddressInfo).port;
  const appPort = (t.app.server.address() as AddressInfo).port;
  const auth = { authorization: `Bearer ${viewer.token}` };
  const reads: [string, string, Record<string, string>][] = [
    ["property details by id", "/api/v1/properties/checkPropertyDetails?text=way/1", auth],
    ["leaderboard (first page)", "/api/v1/properties/leading-board", auth],
    ["map state", "/api/v1/map/state", {}],
    ["profile (session lookup + read)", "/api/v1/users/profile", auth],
  ];
  try {
    const measureBare = async () => {
      const run = await load("bare", `http://127.0.0.1:${barePort}/`, {});
      return report("bare Fastify hello-world", { ...run, concurrency: CONNECTIONS });
    };
    // Warm both servers (JIT, caches) before anything counts.
    await load("warm-up", `http://127.0.0.1:${barePort}/`, {}, 1);
    for (const [name, url, headers] of reads)
      await load(name, `http://127.0.0.1:${appPort}${url}`, headers, 1);
    const before = await measureBare();
    const figures: [string, Figures][] = [];
    for (const [name, url, headers] of reads) {
      const run = await load(name, `http://127.0.0.1:${appPort}${url}`, headers);
      figures.push([name, report(`GET ${name}`, { ...run, concurrency: CONNECTIONS })]);
    }
    const after = await measureBare();
    const baseline = (before.perSecond + after.perSecond) / 2;
    console.log(`  share of the hello-world's ${baseline.toFixed(0)}/s (mean of the runs before and after):`);
    for (const [name, f] of figures) {
      const share = (100 * f.perSecond) / baseline;
      const verdict = share >= 50 && f.p99 <= 50 ? "meets" : "misses";
      console.log(
        `    ${name.padEnd(34)} ${share.toFixed(0).padStart(4)}%   p99 ${f.p99.toFixed(1).padStart(6)} ms   ${verdict} the goal (≥ 50%, p99 ≤ 50 ms)`,
      );
    }
  } finally {
    await bare.close();
  }
}
