import { AppError } from "@mx/kit/errors";
import { queryRows } from "@mx/kit/sql";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";

/** The island's neighbourhood names change only with an import: read at most once a minute per database. */
const known = new WeakMap<object, { names: Set<string>; readAt: number }>();
const FRESH_MS = 60_000;

/** Refuses a neighbourhood the island does not have, naming the parameter. */
export async function requireNeighborhood(q: Queryable, name: string): Promise<void> {
  let entry = known.get(q);
  if (!entry || Date.now() - entry.readAt > FRESH_MS || !entry.names.has(name)) {
    const rows = await queryRows<{ name: string }>(q, sql`select name from neighborhoods`);
    entry = { names: new Set(rows.map((r) => r.name)), readAt: Date.now() };
    known.set(q, entry);
  }
  if (!entry.names.has(name)) {
    throw new AppError("BAD_REQUEST", `neighborhood: there is no neighbourhood called "${name}"`);
  }
}
