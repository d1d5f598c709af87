import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Db, HostDatabase } from "./db";
import { migrateSandbox } from "./migrate";

/**
 * For the sandbox's own tests: a database holding the sandbox's tables alone, migrated as the server migrates them
 * (the migrations recorded in `drizzle.__sandbox_migrations`). In-memory PGlite, or, when DATABASE_URL points at
 * PostgreSQL (`npm run test:pg`), a fresh database on that server, dropped afterwards.
 */
export async function createSandboxTestDatabase(
  url = process.env.DATABASE_URL,
): Promise<{ database: HostDatabase; drop(): Promise<void> }> {
  if (!url?.startsWith("postgres")) {
    const client = new PGlite();
    const db = drizzle(client);
    const database: HostDatabase = {
      db: db as unknown as Db,
      migrate: ({ folder, table }) =>
        migrate(db, { migrationsFolder: folder, migrationsTable: table, migrationsSchema: "drizzle" }),
    };
    await migrateSandbox(database);
    return { database, drop: () => client.close() };
  }
  const name = `sandbox_test_${process.pid}_${randomBytes(5).toString("hex")}`;
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
  const pool = new pg.Pool({ connectionString: own.toString(), max: 4 });
  const db = drizzlePg(pool);
  const database: HostDatabase = {
    db: db as unknown as Db,
    migrate: ({ folder, table }) =>
      migratePg(db, { migrationsFolder: folder, migrationsTable: table, migrationsSchema: "drizzle" }),
  };
  await migrateSandbox(database);
  return {
    database,
    async drop() {
      await pool.end();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
