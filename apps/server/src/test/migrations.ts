import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Database, openDatabase } from "../db/client";

const productFolder = path.join(import.meta.dirname, "../db/migrations");

/**
 * The product's migrations as they stood before migration `idx` (a copy whose journal stops there), for tests of
 * what a migration does to a database made before it.
 */
function productMigrationsBefore(idx: number): { folder: string; remove(): void } {
  const folder = mkdtempSync(path.join(tmpdir(), "mx-migrations-"));
  cpSync(productFolder, folder, { recursive: true });
  const journalPath = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx < idx);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** An in-memory database migrated as it stood before product migration `idx`: what a test then fills and upgrades. */
export async function databaseBefore(idx: number): Promise<Database> {
  const before = productMigrationsBefore(idx);
  try {
    const database = await openDatabase({ kind: "pglite", dataDir: null });
    await database.migrate({ folder: before.folder, table: "__drizzle_migrations" });
    return database;
  } finally {
    before.remove();
  }
}
