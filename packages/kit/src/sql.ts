import type { SQL } from "drizzle-orm";

/** A database or a transaction: anything drizzle lets run a raw statement (either driver, any schema). */
export type Queryable = { execute(query: SQL): PromiseLike<unknown> };

/** What drizzle's database and transaction objects carry, used to run a statement under a name. */
type Preparing = {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
};

const canPrepare = (q: unknown): q is Preparing =>
  typeof (q as Partial<Preparing>).dialect?.sqlToQuery === "function" &&
  typeof (q as Partial<Preparing>).session?.prepareQuery === "function";

/** The name each distinct text of a named statement runs under: `<name>`, `<name>-2`, … */
const namesByText = new Map<string, string>();
const variants = new Map<string, number>();

function statementName(name: string, text: string): string {
  const key = `${name}\u0000${text}`;
  let found = namesByText.get(key);
  if (!found) {
    const n = (variants.get(name) ?? 0) + 1;
    variants.set(name, n);
    found = n === 1 ? name : `${name}-${n}`;
    namesByText.set(key, found);
  }
  return found;
}

/**
 * Runs raw SQL and returns its rows; both drivers (pg and PGlite) answer with `{ rows }`.
 *
 * With `name`, on PostgreSQL the statement is prepared once per connection under that name and then only executed:
 * the server parses it once, and (once it has seen that its plan does not depend on the values) plans it once. For
 * the statements a hot path runs on every request or batch, whose text is fixed: a statement whose text varies (a
 * list spelled out value by value) gets a name per text, so keep those unnamed.
 */
export async function queryRows<T>(q: Queryable, query: SQL, name?: string): Promise<T[]> {
  if (name && canPrepare(q)) {
    const built = q.dialect.sqlToQuery(query);
    const prepared = q.session.prepareQuery(built, undefined, statementName(name, built.sql), false);
    const result = (await prepared.execute()) as { rows: T[] };
    return result.rows;
  }
  const result = (await q.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
