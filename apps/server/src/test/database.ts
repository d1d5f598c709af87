import { scratchDatabase } from "@mx/kit/scratch-database";
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
    const database = await openDatabase({ kind: "pglite", dataDir: null });
    await migrateTest(database);
    return { database, url: null, drop: () => database.close() };
  }
  const scratch = await scratchDatabase(url);
  const database = await openDatabase({ kind: "postgres", url: scratch.url });
  await migrateTest(database);
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
