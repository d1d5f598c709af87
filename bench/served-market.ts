/**
 * Where money moves, as players get it: the compiled server as `npm start` runs it (startServedServer: the whole
 * island, a PostgreSQL database made for the run), 64 buyers with a card each, their POSTs from another process over
 * keep-alive connections (market-clients.ts), and a bare Fastify hello-world in a process of its own measured in the
 * same run as the yardstick.
 *
 * Run twice: first with the sandbox processor in a database of its own (SANDBOX_DATABASE_URL), so that PostgreSQL's
 * work on the product's tables is told from the sandbox's, as it would be with a real processor; then with the
 * sandbox in the product's database, as `npm start` runs it. CPU per purchase is read from /proc: the server's
 * process, and each PostgreSQL backend by the database it serves (pg_stat_activity), the server's own background
 * processes (WAL writer, checkpointer, autovacuum) apart; and how busy the whole machine was meanwhile (/proc/stat),
 * which tells a run held back by its round trips (cores left idle) from one bounded by the work itself.
 * After each run the purchases, charges and journals left behind are counted and the ledger checked. The first run
 * ends with a few purchases made one by one, each after a spell of nothing (QUIET_MS), as a quiet game's player makes
 * them.
 */

import { fork } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Queryable } from "../apps/server/src/db/client";
import { checkLedger } from "../apps/server/src/modules/ledger/check-ledger";
import { TEST_CARDS } from "../apps/server/src/test/cards";
import { machineBusy } from "./cpu";
import { postFromAnotherProcess } from "./market";
import type { PostRequest } from "./market-clients";
import { type Figures, percentile, printFigures, report } from "./measure";
import { type ProfileWindow, shareOnStack, summariseProfile } from "./profile";
import {
  answering,
  cpuTicks,
  load,
  type ServedServer,
  sessionFor,
  startServedServer,
} from "./served-hot-reads";

const BUYERS = 64;
const IN_FLIGHT = 32;
/**
 * Requests each warm-up makes before a measured run: what a server that has been trading for a few minutes no longer
 * spends. PostgreSQL plans a prepared statement afresh for each of its first five runs on a connection before it keeps
 * one plan (a plan of the batch statements takes 1–9 ms), and every pooled connection runs each batch statement in
 * turn: after 300 purchases, one in seven of the measured batch statements still paid for a plan; after 1,200, one in
 * twenty. V8 takes longer: it compiles a function with its optimising compiler once it has run ~3,000 times
 * (Node 22's `--invocation-count-for-turbofan`), and most of a purchase's functions run once per purchase. After
 * 1,200 the measured purchases ran those functions unoptimised while V8 compiled them on its other threads: in one
 * server's life, windows of 1,500 purchases cost the server 1.13 ms each after 1,200 of warm-up, 1.03 ms after 2,700
 * (0.39 ms of it V8's compiler threads) and 0.57–0.64 ms from 4,200 on (those threads 0.05 ms), with PostgreSQL's part
 * level throughout (0.78–0.94 ms).
 */
const WARM_UP = 4500;

/**
 * How long the server has nothing to do before each purchase of the quiet-spell run: longer than pg-pool's default
 * idle timeout (10 s), after which a pool that closes idle connections opens them afresh, and plans every statement
 * again, for the next purchase.
 */
const QUIET_MS = 12_000;

const GOALS = {
  share: 3,
  p99: 100,
  productCpuMs: 1.0,
  /** The hello-world's req/s the issue's goals were set against (1,000 purchases/s is 3 % of it). */
  helloReference: 33_000,
  developmentsPerSecond: 500,
  lonePurchaseP50: 10,
};

type Options = { adminUrl: string; quick: boolean; build: boolean; cpuProfDir?: string | null };

/** This machine's PostgreSQL processes: each backend with the database it serves, the rest as `(server)`. */
async function postgresProcesses(admin: pg.Client): Promise<Map<number, string>> {
  const { rows } = await admin.query<{ pid: number; datname: string | null; backend_type: string }>(
    "select pid, datname, backend_type from pg_stat_activity where pid <> pg_backend_pid()",
  );
  const found = new Map<number, string>();
  for (const r of rows)
    found.set(r.pid, r.backend_type === "client backend" && r.datname ? r.datname : "(server)");
  return found;
}

type CpuSample = {
  server: number | null;
  /** The server's main thread alone: the rest of the process is V8's compiler and GC threads and libuv's pool. */
  serverMain: number | null;
  postgres: Map<number, { db: string; ticks: number }>;
};

async function sampleCpu(admin: pg.Client, serverPid: number | undefined): Promise<CpuSample> {
  const postgres = new Map<number, { db: string; ticks: number }>();
  for (const [pid, db] of await postgresProcesses(admin)) {
    const ticks = cpuTicks(pid);
    if (ticks !== null) postgres.set(pid, { db, ticks });
  }
  return {
    server: serverPid ? cpuTicks(serverPid) : null,
    serverMain: serverPid ? cpuTicks(serverPid, serverPid) : null,
    postgres,
  };
}

/** CPU milliseconds spent between two samples: the server's, and PostgreSQL's by database. */
function spentBetween(
  from: CpuSample,
  to: CpuSample,
): { server: number | null; serverMain: number | null; byDb: Map<string, number> } {
  const byDb = new Map<string, number>();
  for (const [pid, { db, ticks }] of to.postgres) {
    const before = from.postgres.get(pid)?.ticks ?? 0;
    byDb.set(db, (byDb.get(db) ?? 0) + (ticks - before) * 10);
  }
  const ms = (before: number | null, after: number | null) =>
    before !== null && after !== null ? (after - before) * 10 : null;
  return { server: ms(from.server, to.server), serverMain: ms(from.serverMain, to.serverMain), byDb };
}

/** Players made for the run, each with a session and a card added through the API as the web app adds one. */
export async function makeBuyers(
  served: ServedServer,
  count: number,
): Promise<{ id: string; token: string }[]> {
  const stamp = Date.now();
  const made = await served.pool.query<{ id: string }>(
    `insert into users (id, email, user_name, full_name, building_color)
     select gen_random_uuid(), 'buyer' || i || '-' || $1::text || '@example.com', 'buyer_' || i || '_' || $1::text,
            'Buyer ' || i, '#336699'
     from generate_series(1, $2::int) as i returning id`,
    [String(stamp), count],
  );
  const buyers: { id: string; token: string }[] = [];
  for (const { id } of made.rows) {
    const token = await sessionFor(served.pool, id);
    const tokenised = await fetch(`${served.base}/api/v1/sandbox/tokens`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        number: TEST_CARDS.visa,
        expMonth: 4,
        expYear: new Date().getUTCFullYear() + 1,
        cvc: "123",
        name: "Bench Buyer",
      }),
    });
    const card = (await tokenised.json()) as {
      data?: { id: string; card: { last4: string; brand: string } };
    };
    if (!card.data) throw new Error(`tokenise: ${tokenised.status} ${JSON.stringify(card)}`);
    const added = await fetch(`${served.base}/api/v1/users/create/payment/method`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        token: card.data.id,
        last4: card.data.card.last4,
        brand: card.data.card.brand,
        isDefault: true,
      }),
    });
    if (added.status !== 201) throw new Error(`add card: ${added.status} ${await added.text()}`);
    buyers.push({ id, token });
  }
  return buyers;
}

/** Unowned buildings not for sale, at their base price, in a fixed order. */
export async function freeBuildings(served: ServedServer): Promise<{ id: string; base: number }[]> {
  const { rows } = await served.pool.query<{ id: string; base: number }>(
    `select p.building_id as id, b.base_price_cents as base from properties p
     join buildings b on b.id = p.building_id
     where p.owner_id is null and not p.for_sale order by p.building_id`,
  );
  return rows;
}

type Run = {
  name: string;
  path: string;
  requests: PostRequest[];
  concurrency: number;
};

/** One load of POSTs from another process, with the CPU it cost the server and PostgreSQL per request. */
async function postRun(served: ServedServer, admin: pg.Client, run: Run) {
  const from = await sampleCpu(admin, served.pid);
  const result = await postFromAnotherProcess({
    url: served.base,
    path: run.path,
    concurrency: run.concurrency,
    requests: run.requests,
  });
  const to = await sampleCpu(admin, served.pid);
  const figures = report(run.name, { ...result, concurrency: run.concurrency });
  const spent = spentBetween(from, to);
  const n = run.requests.length;
  const per = (ms: number | null | undefined) => (ms == null ? "?" : (ms / n).toFixed(3));
  const machine = (what: string) =>
    machineBusy(result.machine.from, result.machine.to, n, what, result.clientMs);
  return { figures, spent, n, per, machine };
}

/**
 * The server's CPU per request split by thread: its main thread, which runs the app, and the others, which on a
 * server past its warm-up are mostly V8 compiling functions that have only now grown hot (async functions run little
 * code per call, so reach the optimising compiler only after thousands of calls) and its GC helpers.
 */
function threads(run: Awaited<ReturnType<typeof postRun>>): string {
  const { server, serverMain } = run.spent;
  if (server === null || serverMain === null) return "";
  return ` (main thread ${run.per(serverMain)} ms, its other threads: V8's compiler and GC helpers ${run.per(server - serverMain)} ms)`;
}

async function measureHello(port: number, pid: number | undefined, quick: boolean): Promise<Figures> {
  const result = await load(
    {
      url: `http://127.0.0.1:${port}/`,
      headers: {},
      connections: IN_FLIGHT,
      warmupSeconds: quick ? 1 : 2,
      seconds: quick ? 3 : 6,
    },
    pid,
  );
  if (result.failure) throw new Error(`hello-world: ${result.failure}`);
  return printFigures("GET bare Fastify hello-world", { ...result, concurrency: IN_FLIGHT });
}

const meets = (ok: boolean) => (ok ? "meets" : "misses");

/** Purchases (and, with the sandbox apart, a lone buyer and developments) on one served server. */
async function marketRun(
  adminUrl: string,
  {
    quick,
    build,
    sandboxApart,
    helloPort,
    helloPid,
    cpuProfDir = null,
  }: Options & {
    sandboxApart: boolean;
    helloPort: number;
    helloPid: number | undefined;
  },
) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const sandboxDb = sandboxApart ? `bench_sandbox_${process.pid}` : null;
  if (sandboxDb) await admin.query(`create database ${sandboxDb}`);
  const sandboxUrl = new URL(adminUrl);
  if (sandboxDb) sandboxUrl.pathname = `/${sandboxDb}`;
  const served = await startServedServer({
    adminUrl,
    build,
    name: sandboxApart ? "market_apart" : "market",
    cpuProfDir,
    port: Number(process.env.BENCH_PORT ?? 3407) + 20,
    env: {
      AUTH_RATE_LIMIT_MAX: "1000000",
      ...(sandboxDb ? { SANDBOX_DATABASE_URL: sandboxUrl.toString() } : {}),
    },
  });
  const productDb = new URL(served.databaseUrl).pathname.slice(1);
  // The purchases' window and what they cost, for the CPU profile read once the server has stopped and written it.
  let profiled: {
    window: ProfileWindow;
    lone?: ProfileWindow;
    serverMs: number;
    productDbMs: number;
    n: number;
  } | null = null;
  try {
    const buyers = await makeBuyers(served, BUYERS);
    const tokens = buyers.map((b) => b.token);
    const free = await freeBuildings(served);
    const purchases = quick ? 1500 : 4000;
    let next = 0;
    const buy = (count: number, label: string): Run => {
      const from = next;
      next += count;
      return {
        name: `POST properties/buy ${label}`,
        path: "/api/v1/properties/buy",
        concurrency: 1,
        requests: free.slice(from, from + count).map((b, i) => ({
          token: tokens[(from + i) % tokens.length] ?? "",
          body: { buildingId: b.id, bidAmount: b.base / 100, isApplePay: false },
          key: `bench-buy-${from + i}`,
        })),
      };
    };
    // A warm-up: the server's code compiled, its pools full and its statements prepared and planned for good on
    // every pooled connection (see WARM_UP).
    await postRun(served, admin, { ...buy(WARM_UP, "(warm-up)"), concurrency: IN_FLIGHT });
    await asAutovacuumWould(served, sandboxDb ? sandboxUrl.toString() : null);
    const hello = await measureHello(helloPort, helloPid, quick);
    const fromUs = nowUs();
    const batchesBefore = await batchesOf(served, "purchase");
    const many = await postRun(served, admin, {
      ...buy(purchases, `(${IN_FLIGHT} in flight)`),
      concurrency: IN_FLIGHT,
    });
    const window = { name: "the purchases", fromUs, toUs: nowUs() };
    console.log(`  ${perBatch(batchesBefore, await batchesOf(served, "purchase"), "purchases")}`);
    const helloAfter = await measureHello(helloPort, helloPid, quick);
    const yardstick = (hello.perSecond + helloAfter.perSecond) / 2;
    const share = (100 * many.figures.perSecond) / yardstick;
    const product = many.spent.byDb.get(productDb) ?? 0;
    const sandbox = sandboxDb ? (many.spent.byDb.get(sandboxDb) ?? 0) : null;
    const background = many.spent.byDb.get("(server)") ?? 0;
    console.log(
      `  CPU per purchase: server process ${many.per(many.spent.server)} ms${threads(many)}, PostgreSQL on the product's tables ${many.per(product)} ms${sandbox === null ? " (the sandbox's rows included)" : `, PostgreSQL for the sandbox processor ${many.per(sandbox)} ms`}, PostgreSQL's background processes ${many.per(background)} ms`,
    );
    console.log(`  ${many.machine("purchase")}`);
    console.log(
      `  ${share.toFixed(2)}% of the hello-world's ${yardstick.toFixed(0)}/s; p99 ${many.figures.p99.toFixed(1)} ms`,
    );
    if (sandboxApart) {
      profiled = { window, serverMs: many.spent.server ?? 0, productDbMs: product, n: many.n };
      const productCpu = ((many.spent.server ?? 0) + product) / many.n;
      console.log(
        `    the product's own CPU per purchase (server + PostgreSQL, the sandbox apart): ${productCpu.toFixed(3)} ms — ${meets(productCpu <= GOALS.productCpuMs)} the goal (≤ ${GOALS.productCpuMs} ms)`,
      );
      // The machine's speed drifts between runs (the hello-world by ±40 %): the same CPU in hello-world requests
      // served meanwhile compares runs made at different speeds.
      console.log(
        `      in the hello-world's time: ${((productCpu * yardstick) / 1000).toFixed(1)} of its requests per purchase (${((GOALS.productCpuMs * GOALS.helloReference) / 1000).toFixed(0)} is the goal where it serves ${GOALS.helloReference}/s)`,
      );
      const loneFromUs = nowUs();
      const lone = await postRun(served, admin, buy(quick ? 150 : 400, "(1 in flight)"));
      profiled.lone = { name: "one purchase in flight", fromUs: loneFromUs, toUs: nowUs() };
      console.log(
        `    one purchase in flight: p50 ${lone.figures.p50.toFixed(2)} ms — ${meets(lone.figures.p50 <= GOALS.lonePurchaseP50)} the goal (≤ ${GOALS.lonePurchaseP50} ms); CPU per purchase: server ${lone.per(lone.spent.server)} ms, PostgreSQL on the product's tables ${lone.per(lone.spent.byDb.get(productDb) ?? 0)} ms`,
      );
      await developments(served, admin, {
        tokenOf: new Map(buyers.map((b) => [b.id, b.token])),
        sandboxUrl: sandboxDb ? sandboxUrl.toString() : null,
        quick,
      });
      await afterQuietSpells(served, buy(quick ? 3 : 5, "(after a quiet spell)"), helloPort);
    } else {
      console.log(
        `    ${meets(share >= GOALS.share && many.figures.p99 <= GOALS.p99)} the goal (≥ ${GOALS.share}% of the hello-world, p99 ≤ ${GOALS.p99} ms, ${IN_FLIGHT} in flight)`,
      );
    }
    await afterwards(served, sandboxDb ? sandboxUrl.toString() : served.databaseUrl);
  } finally {
    await served.close();
    if (sandboxDb) await admin.query(`drop database if exists ${sandboxDb} with (force)`);
    await admin.end();
  }
  if (cpuProfDir && profiled) sandboxInServer(cpuProfDir, profiled);
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * One purchase at a time, each after `QUIET_MS` with nothing to do: what the player of a quiet game gets, where every
 * purchase comes alone after a spell of nothing. Then the bare hello-world asked the same way, after the same
 * spells: what this machine makes of any request after a quiet spell (its processes and caches gone cold), without
 * which the purchases' figure cannot be read.
 */
async function afterQuietSpells(served: ServedServer, run: Run, helloPort: number) {
  // One keep-alive connection throughout, as a browser keeps one across its player's pauses.
  const quietly = (url: string, path: string, requests: PostRequest[]) =>
    postFromAnotherProcess({ url, path, concurrency: 1, requests, pauseMs: QUIET_MS });
  const { latencies } = await quietly(served.base, run.path, run.requests);
  const hello = await quietly(
    `http://127.0.0.1:${helloPort}`,
    "/",
    run.requests.map((r, i) => ({ ...r, key: `quiet-hello-${i}` })),
  );
  const median = percentile(latencies, 50);
  const list = (ms: number[]) =>
    `${ms.map((m) => m.toFixed(1)).join(", ")} ms, median ${percentile(ms, 50).toFixed(1)} ms`;
  console.log(
    `    one purchase after ${QUIET_MS / 1000} s with nothing to do, ${latencies.length} times: ${list(latencies)} — ${meets(median <= GOALS.lonePurchaseP50)} the goal (≤ ${GOALS.lonePurchaseP50} ms)`,
  );
  console.log(`      the bare hello-world after the same spells, for comparison: ${list(hello.latencies)}`);
}

/**
 * The sandbox processor runs in the server's process: its share of the server's CPU is read from the server's CPU
 * profile (`--cpu-prof`), as the share of the purchases' busy samples with the sandbox's own code on the stack
 * (its files in the build: dist/sandbox-files.json). A floor: replies it waits on are parsed in callbacks of their own.
 */
function sandboxInServer(
  cpuProfDir: string,
  {
    window,
    lone,
    serverMs,
    productDbMs,
    n,
  }: { window: ProfileWindow; lone?: ProfileWindow; serverMs: number; productDbMs: number; n: number },
) {
  const newest = readdirSync(cpuProfDir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => path.join(cpuProfDir, f))
    .sort()
    .at(-1);
  if (!newest) return;
  const dist = path.join(import.meta.dirname, "../apps/server/dist");
  const sandboxFiles = (
    JSON.parse(readFileSync(path.join(dist, "sandbox-files.json"), "utf8")) as string[]
  ).map((file) => path.join(dist, file));
  const share = shareOnStack(newest, window, (url) =>
    sandboxFiles.some((file) => url.replace(/^file:\/\//, "") === file),
  );
  console.log(`\n  the server's CPU profile: ${newest}`);
  summariseProfile(newest, lone ? [window, lone] : [window]);
  if (share === null) return;
  const sandboxMs = (serverMs * share) / n;
  console.log(
    `    the sandbox processor's code on the server's stack: ${(100 * share).toFixed(1)}% of the purchases' busy samples, ~${sandboxMs.toFixed(3)} ms per purchase (a floor; the profiler's own cost included); the product's own CPU per purchase without it: ~${((serverMs * (1 - share) + productDbMs) / n).toFixed(3)} ms`,
  );
}

/**
 * What PostgreSQL's autovacuum does while a server warms up in production: its tables vacuumed and analysed as they
 * grow (each time a tenth of a table changes). This machine's PostgreSQL runs with autovacuum off, so without it the
 * statistics stay those of the empty tables the warm-up began with: a prepared statement keeps the plan it was given
 * on its sixth run (a plan nothing invalidates until a table is analysed), which read the purchases table whole to
 * lock the few being settled (0.5 ms a statement at 2,500 purchases, growing with the table), and the partial indexes
 * keep an entry for every row that ever matched them.
 */
async function asAutovacuumWould(served: ServedServer, sandboxUrl: string | null) {
  await served.pool.query("vacuum analyze");
  if (!sandboxUrl) return;
  const sandbox = new pg.Client({ connectionString: sandboxUrl });
  await sandbox.connect();
  await sandbox.query("vacuum analyze");
  await sandbox.end();
}

/**
 * Developments over HTTP: the buildings just bought, one facade each, `IN_FLIGHT` at a time; the sandbox's database,
 * when it has one of its own, vacuumed after the warm-up with the product's.
 */
async function developments(
  served: ServedServer,
  admin: pg.Client,
  { tokenOf, sandboxUrl, quick }: { tokenOf: Map<string, string>; sandboxUrl: string | null; quick: boolean },
) {
  const { rows } = await served.pool.query<{ building_id: string; owner_id: string }>(
    "select building_id, owner_id::text from properties where owner_id is not null and development_level = 0 order by building_id",
  );
  const count = Math.min(rows.length - WARM_UP, quick ? 1500 : 3000);
  const develop = (from: number, n: number, label: string): Run => ({
    name: `POST properties/develop ${label}`,
    path: "/api/v1/properties/develop",
    concurrency: IN_FLIGHT,
    requests: rows.slice(from, from + n).map((r, i) => ({
      token: tokenOf.get(r.owner_id) ?? "",
      body: { propertyId: r.building_id, kind: "facade" },
      key: `bench-develop-${from + i}`,
    })),
  });
  // A warm-up, as the purchases have: the develop path's code compiled and its statements planned for good.
  await postRun(served, admin, develop(0, WARM_UP, "(warm-up)"));
  await asAutovacuumWould(served, sandboxUrl);
  const batchesBefore = await batchesOf(served, "development");
  const run = await postRun(served, admin, develop(WARM_UP, count, `(${IN_FLIGHT} in flight)`));
  console.log(`    ${perBatch(batchesBefore, await batchesOf(served, "development"), "developments")}`);
  console.log(`    ${run.machine("development")}`);
  console.log(
    `    ${meets(run.figures.perSecond >= GOALS.developmentsPerSecond && run.figures.p99 <= GOALS.p99)} the goal (≥ ${GOALS.developmentsPerSecond}/s, p99 ≤ ${GOALS.p99} ms); CPU per development: server ${run.per(run.spent.server)} ms${threads(run)}`,
  );
}

/** Batches run so far and the operations they held, per step of `operation`, as the server's /metrics counts them. */
async function batchesOf(
  served: ServedServer,
  operation: string,
): Promise<Map<string, { batches: number; items: number }>> {
  const body = await (await fetch(`${served.base}/metrics`)).text();
  const steps = new Map<string, { batches: number; items: number }>();
  const series = new RegExp(
    `^money_(batches|batched_operations)_total\\{operation="${operation}",step="(\\w+)"\\} (\\d+)$`,
    "gm",
  );
  for (const [, kind, step = "", value] of body.matchAll(series)) {
    const counts = steps.get(step) ?? { batches: 0, items: 0 };
    counts[kind === "batches" ? "batches" : "items"] = Number(value);
    steps.set(step, counts);
  }
  return steps;
}

/** How many operations a batch of each step held on average between two readings of batchesOf. */
function perBatch(
  before: Map<string, { batches: number; items: number }>,
  after: Map<string, { batches: number; items: number }>,
  what: string,
): string {
  const steps = ["reserve", "settle"].map((step) => {
    const batches = (after.get(step)?.batches ?? 0) - (before.get(step)?.batches ?? 0);
    const items = (after.get(step)?.items ?? 0) - (before.get(step)?.items ?? 0);
    return `${batches} ${step === "reserve" ? "reserving" : "settling"} batches of ${(items / Math.max(1, batches)).toFixed(1)}`;
  });
  return `${what} per batch: ${steps.join(", ")} on average`;
}

/** What the run left behind, and the ledger checked. */
async function afterwards(served: ServedServer, sandboxUrl: string) {
  const product = await served.pool.query<{ completed: number; journals: number; developments: number }>(
    `select (select count(*)::int from purchases where status = 'completed') as completed,
            (select count(*)::int from ledger_journals where kind = 'purchase') as journals,
            (select count(*)::int from developments where state in ('constructing', 'completed')) as developments`,
  );
  const sandbox = new pg.Client({ connectionString: sandboxUrl });
  await sandbox.connect();
  const charges = await sandbox.query<{ n: number }>(
    "select count(*)::int as n from sandbox.payment_intents where status = 'succeeded'",
  );
  await sandbox.end();
  const problems = await checkLedger(drizzle(served.pool) as unknown as Queryable);
  const left = product.rows[0];
  console.log(
    `  afterwards: ${left?.completed} purchases completed, ${left?.journals} purchase journals, ${left?.developments} developments, ${charges.rows[0]?.n} charges succeeded; ledger ${problems.length === 0 ? "balanced" : `PROBLEMS: ${problems.slice(0, 3).join("; ")}`}`,
  );
}

export async function servedMarketFigures(options: Options): Promise<void> {
  const helloPort = Number(process.env.BENCH_PORT ?? 3407) + 21;
  const hello = fork(path.join(import.meta.dirname, "hello-world.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, PORT: String(helloPort) },
  });
  try {
    await answering(`http://127.0.0.1:${helloPort}/`, hello, 30_000);
    console.log("  with the sandbox processor in a database of its own (SANDBOX_DATABASE_URL):");
    await marketRun(options.adminUrl, { ...options, sandboxApart: true, helloPort, helloPid: hello.pid });
    console.log("  with the sandbox processor in the product's database, as `npm start` runs it:");
    await marketRun(options.adminUrl, {
      ...options,
      // One profile is enough: the server's own work is the same in both runs.
      cpuProfDir: null,
      build: false,
      sandboxApart: false,
      helloPort,
      helloPid: hello.pid,
    });
  } finally {
    hello.kill("SIGINT");
  }
}
