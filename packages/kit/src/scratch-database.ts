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
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return { url: own.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
