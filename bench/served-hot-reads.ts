/**
 * Hot reads as players get them: the compiled server started as `npm start` starts it (a process of its own, the
 * `npm run build` output, the whole island imported on first start, demo players seeded), on a PostgreSQL database
 * made for the run and dropped after, warmed, LOG_LEVEL=silent and the rate limit set high; the load comes from a
 * third process (http-load.ts: 50 keep-alive connections, measured after a warm-up), and a bare Fastify
 * hello-world in a process of its own is measured the same way before and after, in the same run.
 *
 * `--quick`: 1 s of warm-up and 3 s measured instead of 2 s and 8 s. `--cpu-prof <dir>`: the server runs under
 * `node --cpu-prof` and the profile's heaviest functions are printed at the end (the file stays in <dir>).
 */
import { type ChildProcess, fork, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Queryable } from "../apps/server/src/db/client";
import { createSession } from "../apps/server/src/modules/auth/sessions";
import type { LoadRequest, LoadResult } from "./http-load";
import { type Figures, printFigures } from "./measure";
import { type ProfileWindow, summariseProfile } from "./profile";

const root = path.resolve(import.meta.dirname, "..");
const CONNECTIONS = 50;
const SECRET = "bench-session-secret-that-is-long-enough";

type Options = { adminUrl: string; quick: boolean; cpuProfDir: string | null; build: boolean };

/**
 * A load run, with the CPU time the serving process (every thread: the event loop, the collector's helpers) and the
 * load process used over its counted seconds, in ticks of 10 ms: it tells the server's cost from the load
 * generator's. Compare it at like throughputs: when others hold the cores, a process's fixed work per second (timers,
 * the collector, its jobs) is shared among fewer replies, and the figure rises for the hello-world too.
 */
export function load(
  request: LoadRequest,
  servingPid: number | undefined,
): Promise<LoadResult & { ticks: Ticks }> {
  const clients = fork(path.join(import.meta.dirname, "http-load.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ticks: Ticks = { server: null, client: null };
  const sample = () => [servingPid ? cpuTicks(servingPid) : null, clients.pid ? cpuTicks(clients.pid) : null];
  let from: (number | null)[] = [];
  const start = setTimeout(() => {
    from = sample();
  }, request.warmupSeconds * 1000);
  const end = setTimeout(
    () => {
      const to = sample();
      const spent = (i: number) => {
        const [a, b] = [from[i], to[i]];
        return a != null && b != null ? b - a : null;
      };
      ticks.server = spent(0);
      ticks.client = spent(1);
    },
    (request.warmupSeconds + request.seconds) * 1000,
  );
  return new Promise((resolve, reject) => {
    clients.once("message", (result) => resolve({ ...(result as LoadResult), ticks }));
    clients.once("exit", (code) => {
      clearTimeout(start);
      clearTimeout(end);
      reject(new Error(`the load clients stopped (${code})`));
    });
    clients.send(request);
  });
}

type Ticks = { server: number | null; client: number | null };
type Cpu = { server: number | null; client: number | null };

/** CPU microseconds per reply from ticks over the counted seconds. */
const perReply = (ticks: number | null, result: LoadResult, seconds: number) =>
  ticks === null || result.perSecond === 0 ? null : (ticks * 10_000) / (result.perSecond * seconds);

/**
 * CPU ticks a process has used (Linux /proc), or null elsewhere; with `thread`, those of that one thread of it (a
 * process's main thread has the process's own id).
 */
export function cpuTicks(pid: number, thread?: number): number | null {
  try {
    const file = thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;
    const fields = (readFileSync(file, "utf8").split(") ")[1] ?? "").split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `url` answers 200, or fails after `ms`. */
export async function answering(url: string, child: ChildProcess, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode})`);
    const res = await fetch(url).catch(() => null);
    if (res?.status === 200) return;
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

/** Waits until the process has used under 5 % of a core for two seconds running (its start-up work is done). */
export async function settled(pid: number, ms: number) {
  const until = Date.now() + ms;
  let quiet = 0;
  let last = cpuTicks(pid);
  while (Date.now() < until && quiet < 2 && last !== null) {
    await sleep(1000);
    const now = cpuTicks(pid);
    if (now === null) return;
    quiet = now - last < 5 ? quiet + 1 : 0;
    last = now;
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGINT");
  });
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

/** The compiled server as `npm start` runs it, on a PostgreSQL database of its own, answering and settled. */
export type ServedServer = {
  base: string;
  pid: number | undefined;
  /** One connection to the server's database, for the bench's own setup. */
  pool: pg.Pool;
  databaseUrl: string;
  close: () => Promise<void>;
};

export async function startServedServer({
  adminUrl,
  build,
  cpuProfDir = null,
  port = Number(process.env.BENCH_PORT ?? 3407),
  name = "hot_reads",
  env: extraEnv = {},
}: {
  adminUrl: string;
  build: boolean;
  cpuProfDir?: string | null;
  port?: number;
  name?: string;
  /** More of the server's environment (the sandbox's own database, say). */
  env?: Record<string, string>;
}): Promise<ServedServer> {
  if (build) {
    const built = spawnSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    if (built.status !== 0) throw new Error("npm run build failed");
  }
  const dbName = `bench_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  // The rate-limit counters in this process's memory, as on one instance.
  const env = { ...process.env };
  delete env.REDIS_URL;
  const server = spawn(
    process.execPath,
    [...(cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfDir}`] : []), "scripts/start.mjs"],
    {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        RATE_LIMIT_MAX: "1000000000",
        SESSION_SECRET: SECRET,
        ...extraEnv,
      },
    },
  );
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const close = async () => {
    await pool.end();
    await stop(server);
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const base = `http://127.0.0.1:${port}`;
    const started = Date.now();
    // The whole island is imported on the first start: minutes on a busy machine.
    await answering(`${base}/readyz`, server, 600_000);
    if (server.pid) await settled(server.pid, 120_000);
    console.log(`  the server answered and settled in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return { base, pid: server.pid, pool, databaseUrl, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export const sessionFor = (pool: pg.Pool, userId: string) =>
  createSession(drizzle(pool) as unknown as Queryable, SECRET, userId);

export async function servedHotReadFigures({ adminUrl, quick, cpuProfDir, build }: Options): Promise<void> {
  const timing = quick ? { warmupSeconds: 1, seconds: 3 } : { warmupSeconds: 2, seconds: 8 };
  const served = await startServedServer({ adminUrl, build, cpuProfDir });
  const { base, pool } = served;
  const server = { pid: served.pid };
  const helloPort = Number(process.env.BENCH_PORT ?? 3407) + 1;
  const hello = fork(path.join(import.meta.dirname, "hello-world.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, PORT: String(helloPort) },
  });
  const windows: ProfileWindow[] = [];
  try {
    await answering(`http://127.0.0.1:${helloPort}/`, hello, 30_000);
    const player = await pool.query<{ id: string }>(
      "select id from users where deleted_at is null order by created_at limit 1",
    );
    const owned = await pool.query<{ id: string; name: string }>(
      `select b.id, b.name from buildings b join properties p on p.building_id = b.id
       where p.owner_id is not null and b.name is not null order by b.id limit 1`,
    );
    const userId = player.rows[0]?.id;
    const building = owned.rows[0];
    if (!userId || !building) throw new Error("no demo player or owned building: was the demo seeded?");
    const token = await sessionFor(pool, userId);
    const auth = { authorization: `Bearer ${token}` };
    const reads: [string, string, Record<string, string>][] = [
      ["property details by id", `/api/v1/properties/checkPropertyDetails?text=${building.id}`, auth],
      [
        "property details by name",
        `/api/v1/properties/checkPropertyDetails?text=${encodeURIComponent(building.name)}`,
        auth,
      ],
      ["leaderboard (first page)", "/api/v1/properties/leading-board", auth],
      ["map state", "/api/v1/map/state", {}],
      ["/healthz", "/healthz", {}],
    ];
    for (const [name, route, headers] of reads) {
      const res = await fetch(`${base}${route}`, { headers });
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    }
    console.log(`  by id: ${building.id}; by name: "${building.name}"; load average ${loadAverage()}`);
    const run = async (
      name: string,
      url: string,
      headers: Record<string, string>,
      pid: number | undefined,
    ) => {
      const fromUs = Number(process.hrtime.bigint() / 1000n) + timing.warmupSeconds * 1e6;
      const result = await load({ url, headers, connections: CONNECTIONS, ...timing }, pid);
      windows.push({ name, fromUs, toUs: Number(process.hrtime.bigint() / 1000n) });
      if (result.failure) throw new Error(`${name}: ${result.failure}`);
      const figures = printFigures(name, { ...result, concurrency: CONNECTIONS });
      const cpu = {
        server: perReply(result.ticks.server, result, timing.seconds),
        client: perReply(result.ticks.client, result, timing.seconds),
      };
      const us = (n: number | null) => (n === null ? "?" : n.toFixed(0));
      console.log(
        `  ${"".padEnd(44)} CPU per reply: server ${us(cpu.server)} µs, load ${us(cpu.client)} µs; ${result.bytesPerReply.toFixed(0)} bytes`,
      );
      return { ...figures, bytes: result.bytesPerReply, cpu };
    };
    const measureHello = () =>
      run("bare Fastify hello-world", `http://127.0.0.1:${helloPort}/`, {}, hello.pid);
    // The machine is shared: the hello-world is measured between every two reads, and each read is compared with
    // the mean of the hello-world runs just before and just after it.
    let before = await measureHello();
    const figures: [string, Figures & { cpu: Cpu }, number, Cpu][] = [];
    const mean = (a: number | null, b: number | null) => (a === null || b === null ? null : (a + b) / 2);
    for (const [name, route, headers] of reads) {
      const read = await run(`GET ${name}`, `${base}${route}`, headers, server.pid);
      const after = await measureHello();
      figures.push([
        name,
        read,
        (before.perSecond + after.perSecond) / 2,
        {
          server: mean(before.cpu.server, after.cpu.server),
          client: mean(before.cpu.client, after.cpu.client),
        },
      ]);
      before = after;
    }
    console.log(
      `  share of the hello-world measured just before and after each; load average ${loadAverage()}`,
    );
    const goals: Record<string, { share?: number; perSecond?: number; p99: number }> = {
      "property details by id": { share: 50, p99: 20 },
      "property details by name": { perSecond: 5000, p99: 50 },
      "leaderboard (first page)": { share: 50, p99: 20 },
      "map state": { share: 50, p99: 20 },
      "/healthz": { share: 80, p99: 20 },
    };
    for (const [name, f, baseline, helloCpu] of figures) {
      const share = (100 * f.perSecond) / baseline;
      const goal = goals[name];
      const meets =
        goal &&
        (goal.share === undefined || share >= goal.share) &&
        (goal.perSecond === undefined || f.perSecond >= goal.perSecond) &&
        f.p99 <= goal.p99;
      const wanted = goal
        ? `${goal.share !== undefined ? `≥ ${goal.share}%` : `≥ ${goal.perSecond}/s`}, p99 ≤ ${goal.p99} ms`
        : "";
      console.log(
        `    ${name.padEnd(28)} ${share.toFixed(0).padStart(4)}% of ${baseline.toFixed(0).padStart(6)}/s   p99 ${f.p99.toFixed(1).padStart(6)} ms   ${meets ? "meets" : "misses"} the goal (${wanted})`,
      );
      const times = (a: number | null, b: number | null) =>
        a === null || b === null ? "?" : (a / b).toFixed(2);
      console.log(
        `    ${"".padEnd(28)} CPU per reply ×${times(f.cpu.server, helloCpu.server)} the hello-world's in the server, ×${times(f.cpu.client, helloCpu.client)} in the load process`,
      );
    }
  } finally {
    await Promise.all([served.close(), stop(hello)]);
  }
  if (cpuProfDir) {
    const newest = readdirSync(cpuProfDir)
      .filter((f) => f.endsWith(".cpuprofile"))
      .map((f) => path.join(cpuProfDir, f))
      .sort()
      .at(-1);
    if (newest) {
      console.log(`\n  the server's CPU profile: ${newest}`);
      summariseProfile(
        newest,
        windows.filter((w) => w.name.startsWith("GET ")),
      );
    }
  }
}
