import { randomBytes } from "node:crypto";
import { migrateSandbox } from "@mx/sandbox/migrate";
import pg from "pg";
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
    const database = await openDatabase({ kind: "pglite", dataDir: null });
    await migrateTest(database);
    return { database, url: null, drop: () => database.close() };
  }
  const name = `test_${process.pid}_${randomBytes(5).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: own.toString() });
  await migrateTest(database);
  return {
    database,
    url: own.toString(),
    async drop() {
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** Tests run on the sandbox processors, so their databases carry the sandbox's tables beside the product's. */
async function migrateTest(database: Database) {
  await database.migrate();
  await migrateSandbox(database);
}
