/**
 * `npm run restore:check`: checks a database restored from a backup before anything points at it. Fails unless
 * every migration of this build is applied (it applies none itself), the core tables answer, and the ledger holds
 * (every journal sums to zero, no earnings account below zero). Prints what it found.
 *
 *   DATABASE_URL=postgres://…/mx_restored npm run restore:check
 *   npm run restore:check -- --dump backup.dump     # the whole drill: restore into a scratch database, check, drop
 *
 * With --dump, DATABASE_URL names the server (any database on it; default postgres://postgres@127.0.0.1:5432/test)
 * and `pg_restore` must be installed.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { queryRows } from "@mx/kit/sql";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../apps/server/src/db/client";
import { checkLedger } from "../apps/server/src/modules/ledger/check-ledger";

const { values } = parseArgs({ options: { dump: { type: "string" } } });
const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
if (!serverUrl.startsWith("postgres")) {
  console.error("DATABASE_URL must name the restored PostgreSQL database.");
  process.exit(2);
}

const TABLES = [
  "users",
  "buildings",
  "properties",
  "ledger_journals",
  "ledger_entries",
  "purchases",
  "payouts",
];

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The problems found in the database at `url` (none: it is fit to serve). */
async function check(url: string): Promise<string[]> {
  const database = await openDatabase({ kind: "postgres", url });
  const problems: string[] = [];
  try {
    await database.ping();
    if (!(await database.migrated())) problems.push("not every migration of this build is applied");
    for (const table of TABLES) {
      try {
        const [row] = await queryRows<{ n: number }>(
          database.db,
          sql.raw(`select count(*)::int as n from ${table}`),
        );
        console.log(`  ${table.padEnd(16)} ${String(row?.n ?? 0).padStart(10)} rows`);
      } catch (error) {
        problems.push(`table ${table} cannot be read: ${(error as Error).message}`);
      }
    }
    if (problems.length === 0) problems.push(...(await checkLedger(database.db)).map((p) => `ledger: ${p}`));
  } finally {
    await database.close();
  }
  return problems;
}

let target = serverUrl;
let scratch: string | null = null;
if (values.dump) {
  scratch = `mx_restore_check_${randomBytes(4).toString("hex")}`;
  await admin(`create database ${scratch}`);
  const url = new URL(serverUrl);
  url.pathname = `/${scratch}`;
  target = url.toString();
  console.log(`Restoring ${values.dump} into the scratch database ${scratch}…`);
  const restored = spawnSync(
    "pg_restore",
    ["--no-owner", "--exit-on-error", `--dbname=${target}`, values.dump],
    {
      stdio: "inherit",
    },
  );
  if (restored.status !== 0) {
    await admin(`drop database if exists ${scratch} with (force)`);
    console.error("pg_restore failed: the dump cannot be restored.");
    process.exit(1);
  }
}

let problems: string[];
try {
  console.log(`Checking ${new URL(target).pathname.slice(1)}:`);
  problems = await check(target);
} finally {
  if (scratch) await admin(`drop database if exists ${scratch} with (force)`);
}
if (problems.length > 0) {
  console.error(`The restore is NOT fit to serve:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(1);
}
console.log("The restore is fit to serve: migrations applied, tables readable, the ledger balanced.");
