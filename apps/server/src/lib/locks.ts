import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";

/** Serialises transactions that share `key` (held until the transaction ends), on PostgreSQL and PGlite alike. */
export async function lockKey(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}
