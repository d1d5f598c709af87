import { sql } from "drizzle-orm";
import type { Queryable } from "./sql";

/** A transaction: advisory locks taken with `_xact_` last until it ends. */
type Tx = Queryable;

/** Serialises transactions that share `key` (held until the transaction ends), on PostgreSQL and PGlite alike. */
export async function lockKey(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/**
 * lockKey for several keys in one round trip, taken in one order (sorted), so that two transactions taking several
 * keys never wait for each other in a circle.
 */
export async function lockKeys(tx: Tx, keys: string[]): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  if (sorted.length === 0) return;
  if (sorted.length === 1) return lockKey(tx, sorted[0] as string);
  await tx.execute(sql`
    select count(pg_advisory_xact_lock(hashtext(k.key)))
    from (select key from json_array_elements_text(${JSON.stringify(sorted)}::json) with ordinality as t(key, n)
          order by n) k`);
}
