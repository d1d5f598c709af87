import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { scratchDatabase, templateDatabase } from "@mx/kit/scratch-database";
import { migrateSandbox } from "@mx/sandbox/migrate";
import { type Database, openDatabase } from "../db/client";

/**
 * A migrated database of its own for one test file: in-memory PGlite, or — when DATABASE_URL points at
 * PostgreSQL — a fresh database on that server, dropped afterwards, so parallel runs never meet.
 */
export async function createTestDatabase(url = process.env.DATABASE_URL): Promise<{
  database: Database;
  /** The PostgreSQL database's URL (null for PGlite), for a second connection to the same data. */
  url: string | null;
  drop(): Promise<void>;
}> {
  if (!url?.startsWith("postgres")) {
    const database = await migratedPglite();
    return { database, url: null, drop: () => database.close() };
  }
  const scratch = await scratchDatabase(url, "test", await migratedTemplate(url));
  const database = await openDatabase({ kind: "postgres", url: scratch.url });
  return {
    database,
    url: scratch.url,
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** Tests run on the sandbox processors, so their databases carry the sandbox's tables beside the product's. */
async function migrateTest(database: Database) {
  await database.migrate();
  await migrateSandbox(database);
}

const root = path.resolve(import.meta.dirname, "../../../..");
const migrationFolders = [
  path.join(root, "apps/server/src/db/migrations"),
  path.join(root, "packages/sandbox/src/migrations"),
];

/** Every file of a folder and those below it, by path from `root`, in a fixed order. */
function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const file = path.join(folder, name);
      return statSync(file).isDirectory() ? filesUnder(file) : [file];
    });
}

/**
 * What made a migrated database: the migrations' files and PGlite's version, hashed, so that a changed migration
 * makes a new one.
 */
let madeBy: string | null = null;
function migrationsHash(): string {
  if (madeBy) return madeBy;
  const hash = createHash("sha256");
  const pglite = path.join(root, "node_modules/@electric-sql/pglite/package.json");
  hash.update(existsSync(pglite) ? readFileSync(pglite) : "");
  for (const file of migrationFolders.flatMap(filesUnder)) {
    hash.update(path.relative(root, file));
    hash.update(readFileSync(file));
  }
  madeBy = hash.digest("hex").slice(0, 16);
  return madeBy;
}

/** Where the migrated embedded database is kept between test files (and runs). */
function snapshotFile(): string {
  return path.join(tmpdir(), `mx-test-pglite-${migrationsHash()}.tar`);
}

/**
 * On PostgreSQL, a migrated database kept on the server between test files (and runs) that each file's database
 * is copied from: migrating one takes over a second, copying one a fraction of that. Looked up once per process.
 */
const templates = new Map<string, Promise<string>>();
function migratedTemplate(url: string): Promise<string> {
  let found = templates.get(url);
  if (!found) {
    found = makeTemplate(url);
    templates.set(url, found);
  }
  return found;
}

function makeTemplate(url: string): Promise<string> {
  return templateDatabase(url, `mx_test_template_${migrationsHash()}`, async (templateUrl) => {
    const database = await openDatabase({ kind: "postgres", url: templateUrl });
    try {
      await migrateTest(database);
    } finally {
      await database.close();
    }
  });
}

/**
 * An in-memory PGlite with the product's and the sandbox's migrations applied. Initialising and migrating one takes
 * seconds, loading the data folder of one migrated before well under one: the first test file to need it migrates
 * and keeps its data folder (written whole, then renamed, so that another worker never reads half of it); the
 * others load it.
 */
async function migratedPglite(): Promise<Database> {
  const file = snapshotFile();
  if (existsSync(file)) {
    return openDatabase({ kind: "pglite", dataDir: null }, new Blob([readFileSync(file)]));
  }
  const database = await openDatabase({ kind: "pglite", dataDir: null });
  await migrateTest(database);
  if (database.driver.kind === "pglite") {
    const dumped = await database.driver.client.dumpDataDir("none");
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dumped.arrayBuffer()));
    renameSync(partial, file);
  }
  return database;
}
