import { existsSync } from "node:fs";
import path from "node:path";
import type { HostDatabase } from "./db";

/**
 * The sandbox's migrations: beside this file in the source, and copied beside the compiled server by its build
 * (where this code may sit in a chunk one folder down).
 */
const folder =
  [
    path.join(import.meta.dirname, "migrations"),
    path.join(import.meta.dirname, "sandbox-migrations"),
    path.join(import.meta.dirname, "..", "sandbox-migrations"),
  ].find((candidate) => existsSync(path.join(candidate, "meta/_journal.json"))) ?? "";

/**
 * Creates or updates the sandbox processors' tables (schema `sandbox`), after the product's migrations: only a
 * database the sandbox runs on has them.
 */
export async function migrateSandbox(database: HostDatabase): Promise<void> {
  if (!folder) throw new Error("The sandbox's migrations are missing from this build.");
  await database.migrate({ folder, table: "__sandbox_migrations" });
}
