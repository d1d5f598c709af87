import { PGlite } from "@electric-sql/pglite";
import { scratchDatabase } from "@mx/kit/scratch-database";
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
  const scratch = await scratchDatabase(url, "sandbox_test");
  const pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
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
      await scratch.drop();
    },
  };
}
