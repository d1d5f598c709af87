import type { SQL } from "drizzle-orm";
import type { Queryable } from "../db/client";

/** Runs raw SQL and returns its rows; both drivers (pg and PGlite) answer with `{ rows }`. */
export async function queryRows<T>(q: Queryable, query: SQL): Promise<T[]> {
  const result = (await q.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
