import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { Db, HostDatabase } from "./db";
import { migrateSandbox } from "./migrate";

/**
 * For the sandbox's own tests: an in-memory database holding the sandbox's tables alone, migrated as the server
 * migrates them (the migrations recorded in `drizzle.__sandbox_migrations`).
 */
export async function createSandboxTestDatabase(): Promise<{
  database: HostDatabase;
  drop(): Promise<void>;
}> {
  const client = new PGlite();
  const db = drizzle(client) as unknown as Db;
  const database: HostDatabase = {
    db,
    migrate: ({ folder, table }) =>
      migrate(drizzle(client), {
        migrationsFolder: folder,
        migrationsTable: table,
        migrationsSchema: "drizzle",
      }),
  };
  await migrateSandbox(database);
  return { database, drop: () => client.close() };
}
