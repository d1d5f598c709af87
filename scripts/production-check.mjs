/**
 * The compiled server as production runs it, without the processor sandbox: `npm run build` first, PostgreSQL at
 * 127.0.0.1:5432 (DATABASE_URL names another). The build lists the files only the sandbox uses
 * (dist/sandbox-files.json); this copies dist/ to a folder of its own without them, beside a node_modules without
 * the workspace's packages, starts the copy with NODE_ENV=production and
 * Stripe keys on a database of its own, and checks that it answers /readyz and the API, that no sandbox route exists,
 * and that the database was given no sandbox tables.
 */
import { spawn } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

const server = path.join(import.meta.dirname, "../apps/server");
const dist = path.join(server, "dist");
const adminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const port = Number(process.env.PRODUCTION_CHECK_PORT ?? 3311);

if (!existsSync(path.join(dist, "sandbox-files.json"))) {
  console.error("apps/server/dist is not built: run `npm run build` first.");
  process.exit(1);
}

// A folder of its own, with a node_modules that links every installed package but the workspace's own (@mx/*): the
// sandbox package (@mx/sandbox) is not there to be found, as in a production install without it.
const place = mkdtempSync(path.join(tmpdir(), "mx-production-server-"));
const copy = path.join(place, "apps/server/dist");
const dataDir = mkdtempSync(path.join(tmpdir(), "mx-production-"));
const name = `production_check_${process.pid}_${randomBytes(3).toString("hex")}`;
let child = null;

async function admin(statement, url = adminUrl) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rows;
  } finally {
    await client.end();
  }
}

/** A VAPID key pair as the server takes it: the raw P-256 public point and private scalar, base64url. */
function vapidKeys() {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const pub = publicKey.export({ format: "jwk" });
  const priv = privateKey.export({ format: "jwk" });
  const raw = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(pub.x, "base64url"),
    Buffer.from(pub.y, "base64url"),
  ]);
  return { VAPID_PUBLIC_KEY: raw.toString("base64url"), VAPID_PRIVATE_KEY: priv.d };
}

function fail(message) {
  throw new Error(message);
}

async function until(check, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (child?.exitCode !== null) fail(`the server exited (code ${child.exitCode}) before ${what}`);
    if (Date.now() > deadline) fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let output = "";
try {
  cpSync(dist, copy, { recursive: true });
  // The repository's layout around it: the island file and the built web app, where the server looks for them.
  const repo = path.join(import.meta.dirname, "..");
  mkdirSync(path.join(place, "apps/web"), { recursive: true });
  symlinkSync(path.join(repo, "data"), path.join(place, "data"));
  symlinkSync(path.join(repo, "apps/web/dist"), path.join(place, "apps/web/dist"));
  const installed = path.join(repo, "node_modules");
  mkdirSync(path.join(place, "node_modules"));
  for (const entry of readdirSync(installed).filter((name) => name !== "@mx" && name !== ".bin"))
    symlinkSync(path.join(installed, entry), path.join(place, "node_modules", entry));
  console.log("node_modules without the workspace's packages (@mx/sandbox among them)");
  const removed = JSON.parse(readFileSync(path.join(dist, "sandbox-files.json"), "utf8"));
  for (const file of removed) rmSync(path.join(copy, file), { recursive: true, force: true });
  console.log(`compiled server without the sandbox (${removed.join(", ")} removed)`);

  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    SMTP_URL: "smtp://user:pass@127.0.0.1:2525",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SUPPORT_EMAIL: "help@exchange.example.com",
    STRIPE_SECRET_KEY: "sk_test_production_check",
    STRIPE_PUBLISHABLE_KEY: "pk_test_production_check",
    STRIPE_WEBHOOK_SECRET: "whsec_production_check",
    OFFERWALL_PROVIDER: "generic",
    OFFERWALL_GENERIC_SECRET: randomBytes(16).toString("hex"),
    OFFERWALL_GENERIC_PARAMS: "user=uid,amount=points,transaction=tx,signature=sig",
    OFFERWALL_WALL_URL: "https://offers.example.com/wall",
    METRICS_TOKEN: randomBytes(16).toString("hex"),
    LOG_LEVEL: "warn",
    ...vapidKeys(),
  };
  child = spawn(process.execPath, ["main.js"], { cwd: copy, env });
  child.stdout.on("data", (chunk) => {
    output += String(chunk);
  });
  child.stderr.on("data", (chunk) => {
    output += String(chunk);
  });

  const base = `http://127.0.0.1:${port}`;
  await until(async () => (await fetch(`${base}/readyz`)).status === 200, "/readyz answered 200");
  console.log("/readyz: 200");
  const config = await fetch(`${base}/api/v1/config`);
  if (config.status !== 200) fail(`/api/v1/config answered ${config.status}`);
  const provider = JSON.stringify(await config.json());
  if (!provider.includes("pk_test_production_check"))
    fail(`/api/v1/config does not name Stripe: ${provider}`);
  console.log("/api/v1/config: 200, Stripe");
  const map = await fetch(`${base}/api/v1/map/manifest`);
  if (map.status !== 200) fail(`/api/v1/map/manifest answered ${map.status}`);
  console.log("/api/v1/map/manifest: 200");
  const token = await fetch(`${base}/api/v1/sandbox/tokens`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  if (token.status !== 404) fail(`the sandbox's tokeniser answered ${token.status}, not 404`);
  console.log("/api/v1/sandbox/tokens: 404");
  const schemas = await admin(
    "select schema_name from information_schema.schemata where schema_name like 'sandbox%'",
    url.toString(),
  );
  if (schemas.length > 0) fail(`the database was given sandbox schemas: ${JSON.stringify(schemas)}`);
  console.log("no sandbox schema in the database");
  console.log("production check passed");
} catch (error) {
  console.error(`production check failed: ${error.message}`);
  if (output) console.error(output.slice(-4000));
  process.exitCode = 1;
} finally {
  if (child && child.exitCode === null) {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
  rmSync(place, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
  await admin(`drop database if exists ${name} with (force)`).catch(() => {});
}
