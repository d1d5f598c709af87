import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";

/** The database the sandbox keeps its records in: the server's own (either driver), its tables in schema `sandbox`. */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;
type Tx = PgTransaction<PgQueryResultHKT, Record<string, unknown>>;
export type Queryable = Db | Tx;

/** The server's database as the sandbox is handed it: its handle, and a way to run the sandbox's migrations on it. */
export type HostDatabase = { db: Db; migrate(set: { folder: string; table: string }): Promise<void> };
