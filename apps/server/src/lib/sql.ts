import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database, Queryable } from "../db/client";

/** Runs raw SQL and returns its rows; both drivers (pg and PGlite) answer with `{ rows }`. */
export async function queryRows<T>(q: Queryable, query: SQL): Promise<T[]> {
  const result = (await q.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * `queryRows` for a hot statement whose text is always the same (its values all parameters, e.g. one JSON
 * document of rows): prepared once per connection, so PostgreSQL does not parse and plan it every time.
 */
export async function queryPrepared<T>(database: Database, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return database.prepared<T>(text, params);
}
