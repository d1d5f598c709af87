import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Config } from "../config";
import * as schema from "./schema/index";

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a service needs to run queries: the database, or a transaction it is part of. */
export type Queryable = Db | Tx;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** The connection underneath, for a library that speaks SQL of its own (the job queue). */
  driver: { kind: "pglite"; client: PGlite } | { kind: "postgres"; url: string };
  /**
   * Applies the product's migrations, or another set of them (the sandbox processors' own), each set recorded in a
   * table of its own.
   */
  migrate(set?: MigrationSet): Promise<void>;
  ping(): Promise<void>;
  /** Whether every migration this build carries has been applied (another instance may have migrated it). */
  migrated(): Promise<boolean>;
  /** The connection pool's connections (PostgreSQL); null for the embedded database's single connection. */
  poolStats(): { total: number; idle: number; waiting: number; max: number } | null;
  /**
   * Calls `onPayload` with every NOTIFY on `channel` (sent from any connection, after its transaction commits).
   * On PostgreSQL a dedicated connection listens and reconnects when lost; `onReconnect` then runs, since
   * notifications sent in between are gone. Resolves to a function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

// Beside this file in src/db and in dist/ (build.mjs copies them); one folder up when the bundle puts this module in
// a shared chunk (dist/chunks/).
const migrationsFolder =
  [path.join(import.meta.dirname, "migrations"), path.join(import.meta.dirname, "..", "migrations")].find(
    (folder) => existsSync(folder),
  ) ?? path.join(import.meta.dirname, "migrations");

/** A folder of SQL migrations written by drizzle-kit and the table (in the `drizzle` schema) recording those applied. */
type MigrationSet = { folder: string; table: string };
const productMigrations: MigrationSet = { folder: migrationsFolder, table: "__drizzle_migrations" };
const migrateOptions = (set: MigrationSet) => ({
  migrationsFolder: set.folder,
  migrationsTable: set.table,
  migrationsSchema: "drizzle",
});

/** When the newest migration of this build was made (drizzle records it as the applied migration's created_at). */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

async function isMigrated(db: Db): Promise<boolean> {
  const newest = newestMigrationMillis();
  try {
    const rows = await db.execute<{ last: string | number | null }>(
      sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
    );
    const last = (rows as unknown as { rows?: { last: unknown }[] }).rows?.[0]?.last ?? null;
    return last !== null && Number(last) >= newest;
  } catch {
    return false;
  }
}
/** Any constant works; it only has to be the same for every instance. */
const MIGRATION_LOCK_KEY = 7_305_114;

/**
 * Opens the configured database: a PostgreSQL server, or the embedded one. An in-memory embedded database may start
 * from `snapshot`, a data folder PGlite dumped (`dumpDataDir`): tests start from a migrated one.
 */
export async function openDatabase(database: Config["database"], snapshot?: Blob): Promise<Database> {
  if (database.kind === "postgres") return openPostgres(database.url);
  return openPglite(database.dataDir, snapshot);
}

/**
 * A PostgreSQL server, through a pool of connections (and one more of its own for LISTEN). The pool keeps every
 * connection it opens: a connection closed after an idle spell takes its prepared statements and their plans with
 * it, and the first purchase after a quiet spell of over ten seconds (pg-pool's default) was answered in 70–130 ms
 * instead of 20–30 while the connection and each statement were made and planned afresh. Idle connections do not
 * keep a process from exiting.
 */
function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 0, allowExitOnIdle: true });
  // An idle connection the server closes (restart, failover, a dropped test database) must not crash the
  // process; the pool replaces it on the next query.
  pool.on("error", (error) => {
    console.warn(`PostgreSQL connection lost: ${error.message}`);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listener = new PgListener(url);
  return {
    db,
    kind: "postgres",
    driver: { kind: "postgres", url },
    async migrate(set = productMigrations) {
      // Several instances may start together: one migrates, the others wait for it.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { schema }), migrateOptions(set));
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    migrated: () => isMigrated(db),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }),
    listen: (channel, onPayload, onReconnect) => listener.listen(channel, onPayload, onReconnect),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * The embedded database's modules. It is a development dependency, loaded only here: a production install
 * (`npm ci --omit=dev`) runs on PostgreSQL and does not carry it.
 */
async function loadPglite() {
  let modules: [
    typeof import("@electric-sql/pglite"),
    typeof import("@electric-sql/pglite/contrib/pg_trgm"),
    typeof import("drizzle-orm/pglite"),
    typeof import("drizzle-orm/pglite/migrator"),
  ];
  try {
    modules = await Promise.all([
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite/contrib/pg_trgm"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
  } catch (cause) {
    throw new Error(
      "The embedded database (PGlite) is not installed, as in a production install: set DATABASE_URL to a PostgreSQL server.",
      { cause },
    );
  }
  return modules;
}

/** The embedded database (PGlite), in `dataDir` or in memory when it is null, started from `snapshot` if given. */
async function openPglite(dataDir: string | null, snapshot?: Blob): Promise<Database> {
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
    await loadPglite();
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the search indexes; PGlite loads contrib extensions only when they are named here.
  const client = new PGlite({
    dataDir: dataDir ?? undefined,
    extensions: { pg_trgm },
    ...(snapshot ? { loadDataDir: snapshot } : {}),
  });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    driver: { kind: "pglite", client },
    migrate: (set = productMigrations) => migratePglite(db, migrateOptions(set)),
    async ping() {
      await client.query("select 1");
    },
    migrated: () => isMigrated(db as unknown as Db),
    poolStats: () => null,
    async listen(channel, onPayload) {
      const stop = await client.listen(checkedChannel(channel), onPayload);
      return () => stop();
    },
    close: () => client.close(),
  };
}

function checkedChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  return channel;
}

type Listening = { onPayload: (payload: string) => void; onReconnect?: () => void };

/**
 * LISTEN on PostgreSQL: one connection of its own (a pooled one would be handed to other queries), opened on the
 * first listen. When it is lost it is replaced with growing delays, its channels listened to again, and every
 * listener told, since what was notified in between is lost.
 */
class PgListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly channels = new Map<string, Set<Listening>>();
  private retryTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private closed = false;

  constructor(private readonly url: string) {}

  async listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void) {
    checkedChannel(channel);
    const entry: Listening = { onPayload, onReconnect };
    let set = this.channels.get(channel);
    const isNew = !set;
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
    }
    set.add(entry);
    const client = await this.connected();
    if (isNew && this.client === client) await client.query(`listen ${channel}`);
    return async () => {
      set.delete(entry);
      if (set.size > 0 || this.channels.get(channel) !== set) return;
      this.channels.delete(channel);
      await this.client?.query(`unlisten ${channel}`).catch(() => {});
    };
  }

  private connected(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    client.on("notification", (message) => {
      for (const entry of this.channels.get(message.channel) ?? []) entry.onPayload(message.payload ?? "");
    });
    client.on("error", (error) => {
      console.warn(`PostgreSQL listening connection lost: ${error.message}`);
      this.lost(client);
    });
    client.on("end", () => this.lost(client));
    await client.connect();
    for (const channel of this.channels.keys()) await client.query(`listen ${channel}`);
    this.client = client;
    return client;
  }

  private lost(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.closed || this.retryTimer) return;
    const delay = Math.min(15_000, 250 * 2 ** this.failures);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connected().then(
        () => {
          this.failures = 0;
          for (const set of this.channels.values()) for (const entry of set) entry.onReconnect?.();
        },
        (error: Error) => {
          this.failures += 1;
          console.warn(`PostgreSQL listening connection: ${error.message}; retrying`);
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.retryTimer.unref();
  }

  async close() {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
