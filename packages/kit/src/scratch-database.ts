import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * For tests on PostgreSQL: a new, empty database on the server `url` names, with its own URL, and a way to drop it
 * again (closing whatever is still connected to it). Each test file gets its own, so parallel runs never meet.
 */
export async function scratchDatabase(
  url: string,
  prefix = "test",
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(5).toString("hex")}`;
  const admin = async (run: (client: pg.Client) => Promise<void>) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await run(client);
    } finally {
      await client.end();
    }
  };
  await admin(async (client) => {
    await client.query(`create database ${name}`);
  });
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    drop: () =>
      admin(async (client) => {
        // A pool just ended may still be closing its connections: forcing them closed then would reach a client
        // that no longer listens for errors. Wait (up to 3 s) for them to go; force only what is left after.
        for (let i = 0; i < 30; i += 1) {
          const { rows } = await client.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where datname = $1",
            [name],
          );
          if ((rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
}
