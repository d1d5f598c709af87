/**
 * Runs the server's API tests, the sandbox's and the kit's own tests against PostgreSQL. Each test file creates its
 * own database on that server and drops it afterwards; those of earlier runs killed before they could are dropped
 * first. DATABASE_URL defaults to the local server's `test` database.
 */
import { spawnSync } from "node:child_process";
import { dropAbandonedScratchDatabases } from "@mx/kit/scratch-database";
import pg from "pg";

const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.end();
} catch (error) {
  console.log(
    `PostgreSQL is not reachable at ${url} (${(error as Error).message}); skipping the PostgreSQL run.`,
  );
  process.exit(process.env.REQUIRE_POSTGRES ? 1 : 0);
}
const abandoned = await dropAbandonedScratchDatabases(url);
if (abandoned.length > 0) console.log(`Dropped ${abandoned.length} databases left by killed test runs.`);
console.log(`Running the API tests against PostgreSQL at ${url}`);
const projects = ["--project", "server", "--project", "sandbox", "--project", "kit"];
const result = spawnSync("npx", ["vitest", "run", ...projects, ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, DATABASE_URL: url },
});
process.exit(result.status ?? 1);
