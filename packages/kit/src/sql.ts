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

/**
 * The name each distinct text of a named statement runs under: `<name>`, `<name>-2`, … Kept by name, then by text,
 * so that finding it never joins the two into a new string (a hot statement's text runs to kilobytes).
 */
const namesByText = new Map<string, Map<string, string>>();
/**
 * The text each name last ran with, and the name it ran under: a hot statement's text is the same every time, and
 * comparing it with the last one is cheaper than hashing it afresh to look it up.
 */
const lastByName = new Map<string, { text: string; name: string }>();

function statementName(name: string, text: string): string {
  const last = lastByName.get(name);
  if (last?.text === text) return last.name;
  const found = nameFor(name, text);
  lastByName.set(name, { text, name: found });
  return found;
}

function nameFor(name: string, text: string): string {
  let texts = namesByText.get(name);
  if (!texts) {
    texts = new Map();
    namesByText.set(name, texts);
  }
  let found = texts.get(text);
  if (!found) {
    found = texts.size === 0 ? name : `${name}-${texts.size + 1}`;
    texts.set(text, found);
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
