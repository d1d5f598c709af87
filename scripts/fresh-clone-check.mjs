/**
 * Proves a fresh clone plays the whole island with nothing beside it: clones this repository's committed state
 * into an empty temporary folder (no ../shared next to it), runs the README's `npm install && npm start` there
 * with DATA_DIR in a temporary folder, waits until the server is ready, and checks through the API that at least
 * 45,000 buildings, all 38 neighbourhoods and the Empire State Building are there. Then stops the server and
 * removes both folders. Exits non-zero, saying what is wrong, on any failure.
 *
 *   node scripts/fresh-clone-check.mjs                 (port FRESH_CLONE_PORT, default 3190)
 *   node scripts/fresh-clone-check.mjs --url http://127.0.0.1:3000   only the API checks, against a running server
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const MIN_BUILDINGS = 45_000;
const NEIGHBORHOODS = 38;
const LANDMARK = "Empire State Building";
const READY_WITHIN_MS = 10 * 60_000;

const root = path.resolve(import.meta.dirname, "..");

function fail(message) {
  console.error(`fresh-clone check FAILED: ${message}`);
  process.exitCode = 1;
  throw new Error(message);
}

async function getJson(base, route) {
  const res = await fetch(`${base}${route}`);
  const body = await res.text();
  if (!res.ok) fail(`GET ${route} answered ${res.status}: ${body.slice(0, 300)}`);
  return JSON.parse(body).data;
}

/** The API checks: the whole island is there and playable. */
export async function checkIsland(base) {
  const manifest = await getJson(base, "/api/v1/map/manifest");
  if (!(manifest.buildingCount >= MIN_BUILDINGS)) {
    fail(`the map has ${manifest.buildingCount} buildings, expected at least ${MIN_BUILDINGS}`);
  }
  const { neighborhoods } = await getJson(base, "/api/v1/neighborhoods");
  const empty = neighborhoods.filter((n) => n.buildings === 0).map((n) => n.name);
  if (neighborhoods.length !== NEIGHBORHOODS) {
    fail(`${neighborhoods.length} neighbourhoods, expected ${NEIGHBORHOODS}`);
  }
  const inNeighborhoods = neighborhoods.reduce((sum, n) => sum + n.buildings, 0);
  if (inNeighborhoods < MIN_BUILDINGS) {
    fail(`the neighbourhoods hold ${inNeighborhoods} buildings, expected at least ${MIN_BUILDINGS}`);
  }
  const { results } = await getJson(base, `/api/v1/buildings/search?q=${encodeURIComponent(LANDMARK)}`);
  const landmark = results.find((r) => r.name === LANDMARK);
  if (!landmark) fail(`searching "${LANDMARK}" found ${JSON.stringify(results.map((r) => r.name))}`);
  console.log(
    `fresh-clone check passed: ${manifest.buildingCount.toLocaleString("en-US")} buildings on the map, ` +
      `${neighborhoods.length} neighbourhoods (${empty.length} without buildings${empty.length ? `: ${empty.join(", ")}` : ""}), ` +
      `${LANDMARK} found (${landmark.buildingId})`,
  );
}

function run(command, args, cwd, env) {
  console.log(`$ ${command} ${args.join(" ")}   (in ${cwd})`);
  const result = spawnSync(command, args, { cwd, env, stdio: "inherit" });
  if (result.status !== 0) fail(`\`${command} ${args.join(" ")}\` exited with ${result.status}`);
}

async function waitReady(base, server) {
  const started = Date.now();
  while (Date.now() - started < READY_WITHIN_MS) {
    if (server.exitCode !== null) fail(`the server exited with ${server.exitCode} before it was ready`);
    try {
      const res = await fetch(`${base}/readyz`);
      if (res.ok) return Date.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  fail(`the server was not ready within ${READY_WITHIN_MS / 1000} s`);
}

async function main() {
  const urlArg = process.argv.indexOf("--url");
  if (urlArg >= 0) {
    await checkIsland(process.argv[urlArg + 1] ?? "http://127.0.0.1:3000");
    return;
  }
  const port = Number(process.env.FRESH_CLONE_PORT ?? 3190);
  const base = `http://127.0.0.1:${port}`;
  // Two separate folders: the clone's parent holds nothing but the clone, so there is no ../shared beside it.
  const parent = mkdtempSync(path.join(tmpdir(), "fresh-clone-"));
  const dataDir = mkdtempSync(path.join(tmpdir(), "fresh-clone-data-"));
  const clone = path.join(parent, "manhattan-exchange");
  let server = null;
  let log = "";
  try {
    run("git", ["clone", "--quiet", "--no-hardlinks", root, clone], parent, process.env);
    const env = {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? tmpdir(),
      ...(process.env.npm_config_cache ? { npm_config_cache: process.env.npm_config_cache } : {}),
    };
    const installed = Date.now();
    // The README's first command; the machine's npm cache is reused (--prefer-offline), nothing else.
    run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], clone, env);
    console.log(`npm install: ${((Date.now() - installed) / 1000).toFixed(0)} s`);
    const startedAt = Date.now();
    server = spawn("npm", ["start"], {
      cwd: clone,
      env: { ...env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const keep = (chunk) => {
      log = (log + chunk.toString()).slice(-30_000);
    };
    server.stdout.on("data", keep);
    server.stderr.on("data", keep);
    await waitReady(base, server);
    const imported = /Imported \d+ buildings in \d+ neighbourhoods in [\d.]+ s/.exec(log)?.[0];
    console.log(
      `npm start: ready in ${((Date.now() - startedAt) / 1000).toFixed(0)} s (build, migrations, import)` +
        `${imported ? `; ${imported}` : ""}`,
    );
    await checkIsland(base);
  } catch (error) {
    if (log) console.error(`--- the server's last output ---\n${log.slice(-8000)}`);
    if (!process.exitCode) {
      console.error(`fresh-clone check FAILED: ${error instanceof Error ? error.message : error}`);
      process.exitCode = 1;
    }
  } finally {
    if (server?.pid && server.exitCode === null) {
      // npm start runs node under npm: the whole group is stopped.
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {}
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          try {
            process.kill(-server.pid, "SIGKILL");
          } catch {}
          resolve();
        }, 25_000);
        server.on("exit", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    rmSync(parent, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
