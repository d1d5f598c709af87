/**
 * `npm run cluster:check`: two compiled instances on one PostgreSQL behind nginx, configured by deploy/nginx.conf,
 * and three checks:
 *   1. a smoke subset of the API (sign-up, profile, property details, leaderboard, map, cards, a purchase) passes
 *      through nginx;
 *   2. a sale made through one instance reaches a live client connected to the other;
 *   3. a rolling restart (SIGTERM one instance, start it again, then the other) under a bounded load through nginx
 *      fails no request, and the live client connected through nginx is back within its reconnect.
 *
 * Needs nginx (Debian's) and PostgreSQL at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), where it
 * creates a database of its own and drops it after. Ports: CLUSTER_PORT (nginx, default 3120) and the next two.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import WebSocket from "ws";
import { sampleCity } from "../apps/server/src/test/buildings";
import { addCard } from "../apps/server/src/test/cards";
import { signUp, type TestApp } from "../apps/server/src/test/harness";

const root = path.resolve(import.meta.dirname, "..");
const nginxPort = Number(process.env.CLUSTER_PORT ?? 3120);
const ports = [nginxPort + 1, nginxPort + 2] as const;
const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const work = mkdtempSync(path.join(tmpdir(), "mx-cluster-"));
const dbName = `mx_cluster_${process.pid}_${randomBytes(3).toString("hex")}`;
const dbUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
const started = Date.now();
const children = new Set<ChildProcess>();
const problems: string[] = [];

function log(message: string) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${message}`);
}

function check(ok: boolean, what: string) {
  if (!ok) problems.push(what);
  log(`${ok ? "ok  " : "FAIL"} ${what}`);
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- the instances ----------------------------------------------------------------------------------------

type Instance = { port: number; child: ChildProcess; exited: Promise<number | null>; output: () => string };
const sessionSecret = randomBytes(32).toString("base64url");
const dataDir = path.join(work, "data");
const mapDir = path.join(work, "map");

function startInstance(port: number): Instance {
  const child = spawn(
    process.execPath,
    ["--enable-source-maps", path.join(root, "apps/server/dist/main.js")],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "development",
        DATABASE_URL: dbUrl,
        PORT: String(port),
        HOST: "127.0.0.1",
        // Shared by both instances, as a deployment's environment is: sessions and push keys are the same.
        SESSION_SECRET: sessionSecret,
        DATA_DIR: dataDir,
        MAP_DATA_DIR: mapDir,
        PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
        TRUST_PROXY: "true",
        LOG_LEVEL: "warn",
        RATE_LIMIT_MAX: "1000000",
        AUTH_RATE_LIMIT_MAX: "1000000",
        PAYOUT_HOLD_HOURS: "0",
        EARNINGS_CLEAR_HOURS: "0",
        SHUTDOWN_TIMEOUT_SECONDS: "15",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  children.add(child);
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return { port, child, exited, output: () => output };
}

async function ready(base: string, child?: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${base} exited while starting`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${base} not ready after ${timeoutMs} ms`);
    await sleep(100);
  }
}

// ---- nginx --------------------------------------------------------------------------------------------------

function startNginx(): ChildProcess {
  const site = readFileSync(path.join(root, "deploy/nginx.conf"), "utf8")
    .replace("server 127.0.0.1:3001", `server 127.0.0.1:${ports[0]}`)
    .replace("server 127.0.0.1:3002", `server 127.0.0.1:${ports[1]}`)
    .replace(/^\s*listen \[::\]:80;\s*$/m, "")
    .replace(/listen 80;/, `listen 127.0.0.1:${nginxPort};`);
  if (site.includes("server 127.0.0.1:3001") || !site.includes(`listen 127.0.0.1:${nginxPort}`))
    throw new Error("deploy/nginx.conf no longer has the upstreams and listen line this check rewrites");
  const conf = path.join(work, "nginx.conf");
  writeFileSync(
    conf,
    `daemon off;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  log_format timed '$msec $status $request_method $request_uri up=$upstream_addr st=$upstream_status t=$request_time';
  access_log ${work}/nginx-access.log timed;
  client_body_temp_path ${work}/client_body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
${site}
}
`,
  );
  const test = spawnSync("nginx", ["-t", "-q", "-c", conf, "-p", work], { encoding: "utf8" });
  if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
  const child = spawn("nginx", ["-c", conf, "-p", work], { stdio: "ignore" });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

/** Whether nginx's access log shows `port` answering requests on their first try since `since`, within 30 s. */
async function takenBack(port: number, since: number): Promise<boolean> {
  const deadline = Date.now() + 30_000;
  const answered = ` up=127.0.0.1:${port} st=200 `;
  while (Date.now() < deadline) {
    const lines = readFileSync(path.join(work, "nginx-access.log"), "utf8").split("\n");
    const recent = lines.filter(
      (line) => line.includes(answered) && Number(line.split(" ")[0]) * 1000 >= since,
    );
    if (recent.length >= 20) return true;
    await sleep(100);
  }
  return false;
}

/**
 * After a failed rolling restart: nginx's view of each refused request (which instance, what it answered, when),
 * its error log around them, and what the instances printed, so a failure seen once can be explained.
 */
function explainFailures(instances: Instance[]) {
  const access = readFileSync(path.join(work, "nginx-access.log"), "utf8").split("\n");
  const bad = access.filter((line) => / (5\d\d) /.test(line.split(" up=")[0] ?? ""));
  console.log(`       nginx access lines with a 5xx (${bad.length}; time, status, request, upstream):`);
  for (const line of bad.slice(0, 20)) console.log(`         ${line}`);
  const first = Number(bad[0]?.split(" ")[0] ?? 0);
  console.log("       requests around the first one:");
  for (const line of access.filter((l) => Math.abs(Number(l.split(" ")[0]) - first) < 0.15).slice(0, 30))
    console.log(`         ${line}`);
  const errors = readFileSync(path.join(work, "nginx-error.log"), "utf8").trim().split("\n");
  console.log("       nginx error log (last 30 lines):");
  for (const line of errors.slice(-30)) console.log(`         ${line}`);
  for (const instance of instances)
    console.log(`       instance on ${instance.port} printed:\n${instance.output().slice(-3000)}`);
}

// ---- HTTP as the tests' harness speaks it ------------------------------------------------------------------

/** The API tests' `TestApp`, over real HTTP to `base` (the harness's helpers then run through nginx). */
function over(base: string): TestApp {
  return {
    app: null as unknown as FastifyInstance,
    close: async () => {},
    async call(method: InjectOptions["method"], url: string, { body, token, headers = {} } = {}) {
      const raw = typeof body === "string";
      const res = await fetch(`${base}${url}`, {
        method: String(method),
        headers: {
          ...(body !== undefined && !raw ? { "content-type": "application/json" } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : raw ? (body as string) : JSON.stringify(body),
      });
      const text = await res.text();
      return {
        statusCode: res.status,
        body: text,
        headers: Object.fromEntries(res.headers),
        json: () => JSON.parse(text),
      } as unknown as LightMyRequestResponse;
    },
  };
}

// ---- a live client ------------------------------------------------------------------------------------------

type LiveClient = {
  events: { type: string; buildingId?: string }[];
  /** Time spent disconnected, per disconnection, in ms (from close to the next "ready"). */
  gaps: number[];
  closeCodes: number[];
  readyCount: number;
  stop(): void;
};

function liveClient(url: string, token: string, reconnect: boolean): Promise<LiveClient> {
  const client: LiveClient = { events: [], gaps: [], closeCodes: [], readyCount: 0, stop: () => {} };
  let stopped = false;
  let socket: WebSocket | null = null;
  let downSince: number | null = null;
  let first: (() => void) | null = null;
  const open = () => {
    const ws = new WebSocket(url);
    socket = ws;
    ws.on("open", () => ws.send(JSON.stringify({ type: "auth", token })));
    ws.on("message", (raw) => {
      const message = JSON.parse(raw.toString()) as {
        type: string;
        event?: { type: string; buildingId?: string };
      };
      if (message.type === "ready") {
        client.readyCount += 1;
        if (downSince !== null) client.gaps.push(Date.now() - downSince);
        downSince = null;
        first?.();
        first = null;
      }
      if (message.type === "event" && message.event) client.events.push(message.event);
    });
    ws.on("error", () => {});
    ws.on("close", (code) => {
      if (stopped) return;
      client.closeCodes.push(code);
      downSince ??= Date.now();
      // As the web app does on a 1012: reconnect soon (a short pause, then again until it answers).
      if (reconnect) setTimeout(open, 100);
    });
  };
  client.stop = () => {
    stopped = true;
    socket?.terminate();
  };
  return new Promise((resolve, reject) => {
    first = () => resolve(client);
    setTimeout(() => reject(new Error(`live client at ${url} got no "ready"`)), 10_000);
    open();
  });
}

// ---- the checks ---------------------------------------------------------------------------------------------

async function buyable(t: TestApp, token: string, buildingId: string) {
  const res = await t.call("GET", `/api/v1/properties/checkPropertyDetails?text=${buildingId}`, { token });
  return res.json().data.propertyDetails[0] as { price: number; basePrice: number; ownerId: string | null };
}

async function main() {
  if (spawnSync("nginx", ["-v"]).status !== 0)
    throw new Error("nginx is not installed (apt-get install nginx)");
  if (
    !existsSync(path.join(root, "apps/server/dist/main.js")) ||
    !existsSync(path.join(root, "apps/web/dist"))
  ) {
    log("building (npm run build)");
    const built = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (built.status !== 0) throw new Error("npm run build failed");
  }
  await admin(`create database ${dbName}`);
  spawnSync("mkdir", ["-p", dataDir, mapDir]);
  // A few made-up buildings, imported by the first instance on its first start.
  writeFileSync(path.join(mapDir, "building-footprints.geojson"), JSON.stringify(sampleCity));

  const instances: Instance[] = [];
  for (const port of ports) {
    const instance = startInstance(port);
    instances.push(instance);
    await ready(`http://127.0.0.1:${port}`, instance.child);
  }
  log(`two instances ready on ${ports.join(" and ")}`);
  startNginx();
  const base = `http://127.0.0.1:${nginxPort}`;
  await ready(base);
  log(`nginx ready on ${nginxPort}`);

  // 1. Smoke subset through nginx.
  const front = over(base);
  const seller = await signUp(front, { fullName: "Cluster Seller" });
  const buyer = await signUp(front, { fullName: "Cluster Buyer" });
  const watcher = await signUp(front, { fullName: "Cluster Watcher" });
  check(
    (await front.call("GET", "/api/v1/users/profile", { token: buyer.token })).statusCode === 200,
    "profile through nginx",
  );
  const viaNginx = await front.call("GET", "/healthz");
  check(
    /^[0-9a-f]{32}$/.test(String(viaNginx.headers["x-request-id"])),
    "nginx's request id reaches the server and comes back",
  );
  const way3 = await buyable(front, buyer.token, "way/3");
  check(way3 !== undefined && way3.ownerId === null, "property details by id through nginx");
  const board = await front.call("GET", "/api/v1/properties/leading-board", { token: buyer.token });
  check(board.statusCode === 200, "leaderboard through nginx");
  check((await front.call("GET", "/api/v1/map/state")).statusCode === 200, "map state through nginx");
  const noToken = await front.call("GET", "/api/v1/users/profile");
  check(noToken.statusCode === 401, "a request without a token is refused through nginx");
  const malformed = await front.call("POST", "/api/v1/properties/buy", {
    token: buyer.token,
    body: "{nope",
    headers: { "content-type": "application/json" },
  });
  check(malformed.statusCode === 400, "malformed JSON answered 400 through nginx");
  const sellerCard = await addCard(front, seller.token);
  const bought = await front.call("POST", "/api/v1/properties/buy", {
    token: seller.token,
    body: {
      buildingId: "way/2",
      paymentMethodId: sellerCard,
      bidAmount: (await buyable(front, seller.token, "way/2")).price + 1,
      isApplePay: false,
    },
  });
  check(bought.statusCode === 200, `a purchase through nginx (${bought.statusCode})`);

  // 2. A sale through instance A reaches a live client connected to instance B.
  const [a, b] = ports.map((port) => over(`http://127.0.0.1:${port}`)) as [TestApp, TestApp];
  const onB = await liveClient(`ws://127.0.0.1:${ports[1]}/api/v1/live`, watcher.token, false);
  const buyerCard = await addCard(a, buyer.token);
  const sale = await a.call("POST", "/api/v1/properties/buy", {
    token: buyer.token,
    body: { buildingId: "way/3", paymentMethodId: buyerCard, bidAmount: way3.price + 1, isApplePay: false },
  });
  check(sale.statusCode === 200, `a purchase through instance A (${sale.statusCode})`);
  const heardBy = Date.now() + 5000;
  while (
    !onB.events.some((e) => e.type === "building.sold" && e.buildingId === "way/3") &&
    Date.now() < heardBy
  )
    await sleep(20);
  check(
    onB.events.some((e) => e.type === "building.sold" && e.buildingId === "way/3"),
    "the sale on A reached a live client on B",
  );
  const seenOnB = await buyable(b, watcher.token, "way/3");
  check(seenOnB.ownerId === buyer.userId, "instance B's property details show the new owner");
  onB.stop();

  // 3. Rolling restart under a bounded load through nginx.
  const live = await liveClient(`ws://127.0.0.1:${nginxPort}/api/v1/live`, watcher.token, true);
  let running = true;
  const counts = { requests: 0, failures: 0 };
  const failures: string[] = [];
  const paths = [
    ["GET", "/api/v1/users/profile"],
    ["GET", "/api/v1/properties/checkPropertyDetails?text=way/1"],
    ["GET", "/api/v1/properties/leading-board"],
    ["GET", "/api/v1/map/state?encoding=delta"],
    ["POST", "/api/v1/users/activities/read"],
  ] as const;
  const worker = async (n: number) => {
    for (let i = n; running; i++) {
      const [method, url] = paths[i % paths.length] as (typeof paths)[number];
      try {
        const res = await front.call(method, url, {
          token: watcher.token,
          ...(method === "POST" ? { body: {} } : {}),
        });
        counts.requests += 1;
        if (res.statusCode >= 400) {
          counts.failures += 1;
          failures.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      } catch (error) {
        counts.requests += 1;
        counts.failures += 1;
        failures.push(`${method} ${url}: ${(error as Error).message}`);
      }
      await sleep(5);
    }
  };
  const load = Array.from({ length: 8 }, (_, n) => worker(n));
  await sleep(1000);
  for (const [k, port] of ports.entries()) {
    const old = instances[k] as Instance;
    const from = Date.now();
    old.child.kill("SIGTERM");
    const code = await old.exited;
    check(code === 0, `instance on ${port} exited 0 on SIGTERM (${code}) in ${Date.now() - from} ms`);
    if (code !== 0) console.log(old.output());
    const fresh = startInstance(port);
    instances[k] = fresh;
    const startedAt = Date.now();
    await ready(`http://127.0.0.1:${port}`, fresh.child);
    log(`instance on ${port} restarted and warmed up`);
    // As deploy/nginx.conf says to: the next instance stops only once nginx has taken this one back (it tries an
    // instance it set aside once per fail_timeout, and that try may have met the instance still warming up).
    check(await takenBack(port, startedAt), `nginx sends the restarted instance on ${port} its share`);
  }
  running = false;
  await Promise.all(load);
  await sleep(300);
  check(
    counts.failures === 0,
    `no failed request during the rolling restart (${counts.requests} requests, ${counts.failures} failed)`,
  );
  for (const failure of failures.slice(0, 10)) console.log(`       ${failure}`);
  if (counts.failures > 0) explainFailures(instances);
  const longest = Math.max(0, ...live.gaps);
  check(
    live.closeCodes.every((code) => code === 1012) && live.gaps.length === live.closeCodes.length,
    `the live client was closed with 1012 and came back each time (closes: ${live.closeCodes.join(", ") || "none"})`,
  );
  check(longest < 3000, `the live client was never away longer than its reconnect (longest ${longest} ms)`);
  live.stop();
}

let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  for (const child of children) child.kill("SIGTERM");
  await sleep(500);
  for (const child of children) child.kill("SIGKILL");
  await admin(`drop database if exists ${dbName} with (force)`).catch(() => {});
  if (!failed && problems.length === 0 && !process.env.CLUSTER_KEEP_LOGS)
    rmSync(work, { recursive: true, force: true });
  else console.log(`logs kept in ${work}`);
}
if (failed || problems.length > 0) {
  console.error(`cluster check failed: ${problems.join("; ") || "see above"}`);
  process.exit(1);
}
log("cluster check passed");
