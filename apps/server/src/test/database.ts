import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../db/client";

/**
 * A migrated database of its own for one test file: in-memory PGlite, or — when DATABASE_URL points at
 * PostgreSQL — a fresh database on that server, dropped afterwards, so parallel runs never meet.
 */
export async function createTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith("postgres")) {
    const database = await openDatabase({ kind: "pglite", dataDir: null });
    await database.migrate();
    return { database, drop: () => database.close() };
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
  await database.migrate();
  return {
    database,
    async drop() {
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
