import type { SQL } from "drizzle-orm";

/** A database or a transaction: anything drizzle lets run a raw statement (either driver, any schema). */
export type Queryable = { execute(query: SQL): PromiseLike<unknown> };

/** Runs raw SQL and returns its rows; both drivers (pg and PGlite) answer with `{ rows }`. */
export async function queryRows<T>(q: Queryable, query: SQL): Promise<T[]> {
  const result = (await q.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
