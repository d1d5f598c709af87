import { randomBytes } from "node:crypto";
import pg from "pg";

/** Runs `run` on a connection of its own to the server `url` names, closed afterwards. */
async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** `url` with its database changed to `name`. */
function urlOf(url: string, name: string): string {
  const own = new URL(url);
  own.pathname = `/${name}`;
  return own.toString();
}

/**
 * Drops database `name`, first waiting (up to 3 s) for connections to it to go: a pool just ended may still be
 * closing its connections, and forcing them closed then would reach a client that no longer listens for errors.
 * Only what is left after that is forced.
 */
async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  await untilUnused(client, name);
  await client.query(`drop database if exists ${name} with (force)`);
}

/** Waits (up to 3 s) until nothing is connected to database `name`. */
async function untilUnused(client: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 30; i += 1) {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = $1",
      [name],
    );
    if ((rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * For tests on PostgreSQL: a new database on the server `url` names, with its own URL, and a way to drop it again
 * (closing whatever is still connected to it). Each test file gets its own, so parallel runs never meet. It is
 * empty, or a copy of `template` (see templateDatabase).
 */
export async function scratchDatabase(
  url: string,
  prefix = "test",
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(5).toString("hex")}`;
  await withClient(url, (client) =>
    client.query(`create database ${name}${template ? ` template ${template}` : ""}`),
  );
  return {
    url: urlOf(url, name),
    drop: () => withClient(url, (client) => dropDatabase(client, name)),
  };
}

/**
 * A database to copy test databases from (scratchDatabase's `template`), named `name`, made once on the server
 * `url` names by `fill` (given its URL) and then kept: copying one is much quicker than migrating a new one.
 * `name` should say what made it (a hash of the migrations, say), so that a changed migration makes a new one.
 * Parallel test files wait for the first to make it (an advisory lock), and it is filled under another name and
 * renamed when done, so that no copy is ever taken of half of one. Older templates of the same `family` (the part
 * of the name before its last `_`) are dropped when a new one is made.
 */
export async function templateDatabase(
  url: string,
  name: string,
  fill: (url: string) => Promise<void>,
): Promise<string> {
  const family = name.slice(0, name.lastIndexOf("_") + 1);
  return withClient(url, async (client) => {
    const exists = async () =>
      (await client.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
    if (await exists()) return name;
    await client.query("select pg_advisory_lock(hashtext($1))", [family]);
    try {
      if (await exists()) return name;
      const partial = `${name.slice(0, 40)}_partial_${process.pid}`;
      await client.query(`drop database if exists ${partial}`);
      await client.query(`create database ${partial}`);
      try {
        await fill(urlOf(url, partial));
        const { rows } = await client.query<{ datname: string }>(
          "select datname from pg_database where datname like $1 and datname <> $2",
          [`${family.replaceAll("_", "\\_")}%`, partial],
        );
        for (const { datname } of rows) await dropDatabase(client, datname);
        await untilUnused(client, partial);
        await client.query(`alter database ${partial} rename to ${name}`);
      } catch (error) {
        await dropDatabase(client, partial);
        throw error;
      }
      return name;
    } finally {
      await client.query("select pg_advisory_unlock(hashtext($1))", [family]);
    }
  });
}

/** Whether process `pid` of this machine is still running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // Running, but another user's.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Drops the scratch databases (scratchDatabase's, named `<prefix>_<pid>_<hex>`) of test runs on this machine that
 * were killed before they could drop their own: those whose process is gone. Only for a server on this machine,
 * since a process id means nothing elsewhere. Returns the names dropped.
 */
export async function dropAbandonedScratchDatabases(url: string): Promise<string[]> {
  const host = new URL(url).hostname;
  const local = ["127.0.0.1", "localhost", "::1", "[::1]", ""].includes(host);
  if (!local) return [];
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ datname: string }>("select datname from pg_database");
    const abandoned = rows
      .map((r) => r.datname)
      .filter((name) => {
        const pid = /^[a-z_]+_(\d+)_[0-9a-f]{10}$/.exec(name)?.[1];
        return pid !== undefined && !alive(Number(pid));
      });
    for (const name of abandoned) await client.query(`drop database if exists ${name} with (force)`);
    return abandoned;
  });
}
