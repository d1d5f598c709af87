import { createHash } from "node:crypto";
import { Batcher, succeeded } from "@mx/kit/batcher";
import { AppError } from "@mx/kit/errors";
import { queryRows } from "@mx/kit/sql";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { idempotencyKeys } from "../db/schema/payments";

declare module "fastify" {
  interface FastifyInstance {
    /** preHandler for money-moving routes, placed after requireAuth so the key is the caller's own. */
    idempotent: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  }
  interface FastifyRequest {
    idempotency: { scope: string; route: string; key: string; lockedAt: string } | null;
  }
}

const KEY = /^[\x21-\x7e]{1,255}$/;

/** A key is kept this long, as Stripe keeps its keys: after that a new request with it runs as a first one. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;
/** A claim this old with no reply recorded belongs to a request that died: the same request may take it over. */
export const IDEMPOTENCY_LOCK_MS = 60_000;

type Claim = { scope: string; route: string; key: string };
/** A claim won: `lockedAt` (the database's text of it) tells this claim from a later takeover of the same key. */
type HeldClaim = Claim & { lockedAt: string };

const claimKey = (c: Claim) => JSON.stringify([c.scope, c.route, c.key]);
const interval = (ms: number) => sql.raw(`interval '${Math.round(ms / 1000)} seconds'`);

/**
 * Claims and records of keys, each batched: the requests of one moment claim their keys in one insert and record
 * their replies in one update, so a busy money-moving route pays two round trips per batch, not per request.
 *
 * A claim inserts the key, or takes over its row when that row has expired or is a dead request's claim (no reply
 * after the lock timeout, same request body). The takeover is the insert's own `on conflict … do update … where`:
 * the row is locked and the condition checked again on its latest version, so of two takeovers at once only the
 * first finds it stale.
 */
function keyStore(db: Db) {
  const claims = new Batcher<Claim & { requestHash: string }, string | null>(
    async (items) => {
      const rows = await queryRows<HeldClaim>(
        db,
        sql`
        with c as (
          -- one row per key: an insert may not touch a row twice, so a key's second claim in a batch loses
          select distinct on (scope, route, key) scope, route, key, request_hash
          from json_to_recordset(${JSON.stringify(items.map((c, i) => ({ i, scope: c.scope, route: c.route, key: c.key, request_hash: c.requestHash })))}::json)
            as c(i integer, scope text, route text, key text, request_hash text)
          order by scope, route, key, i)
        insert into idempotency_keys as k (scope, route, key, request_hash, created_at, locked_at)
        select scope, route, key, request_hash, now(), now() from c
        on conflict (scope, route, key) do update
          set request_hash = excluded.request_hash, status_code = null, response = null,
            created_at = excluded.created_at, locked_at = excluded.locked_at
          where k.created_at <= now() - ${interval(IDEMPOTENCY_KEY_TTL_MS)}
            or (k.status_code is null and k.locked_at <= now() - ${interval(IDEMPOTENCY_LOCK_MS)}
              and k.request_hash = excluded.request_hash)
        returning scope, route, key, locked_at::text as "lockedAt"`,
        "claim-idempotency-keys",
      );
      const won = new Map(rows.map((r) => [claimKey(r), r.lockedAt]));
      return items.map((c) => {
        const lockedAt = won.get(claimKey(c)) ?? null;
        // Of two claims of one key in the same batch, the first has won and the second has lost.
        won.delete(claimKey(c));
        return succeeded(lockedAt);
      });
    },
    { maxSize: 500, maxRunning: 1, retryAlone: true },
  );
  const records = new Batcher<HeldClaim & { statusCode: number; response: string | null }, void>(
    async (items) => {
      // The replies go in as the JSON text they were sent as: never parsed and written out again.
      const rows = `[${items
        .map(
          (r) =>
            `{"scope":${JSON.stringify(r.scope)},"route":${JSON.stringify(r.route)},"key":${JSON.stringify(r.key)},"locked_at":${JSON.stringify(r.lockedAt)},"status_code":${r.statusCode},"response":${r.response ?? "null"}}`,
        )
        .join(",")}]`;
      // Only the claim that is still held is answered: a request that outlived its lock leaves the reply of the
      // one that took its key over alone. Each reply finds its row by one probe of the primary key (the subquery
      // fenced by `offset 0` is run per reply), whatever the planner knows of the table: joined as rows, a table
      // without statistics was read whole for every batch, and by player (scope) a day of their keys was.
      await queryRows(
        db,
        sql`
        with r as (
          select * from json_to_recordset(${rows}::json)
            as r(scope text, route text, key text, locked_at timestamptz, status_code integer, response jsonb)),
        held as (
          select found.at, r.status_code, r.response from r
          cross join lateral (
            select k.ctid as at from idempotency_keys k
            where k.scope = r.scope and k.route = r.route and k.key = r.key and k.locked_at = r.locked_at
            offset 0) found)
        update idempotency_keys k set status_code = held.status_code, response = held.response
        from held
        where k.ctid = held.at`,
        "record-idempotent-replies",
      );
      return items.map(() => succeeded(undefined));
    },
    { maxSize: 500, maxRunning: 1, retryAlone: true },
  );
  return {
    claim: (claim: Claim & { requestHash: string }) => claims.load(claim),
    record: (claim: HeldClaim, statusCode: number, response: string | null) =>
      records.load({ ...claim, statusCode, response }),
  };
}

/** Deletes keys past their 24 hours, a slice at a time (the hourly job); resolves to how many went. */
export async function purgeExpiredIdempotencyKeys(db: Db, slice = 5_000): Promise<number> {
  let purged = 0;
  for (;;) {
    const rows = await queryRows<{ n: number }>(
      db,
      sql`
      with gone as (
        delete from idempotency_keys
        where (scope, route, key) in (
          select scope, route, key from idempotency_keys
          where created_at <= now() - ${interval(IDEMPOTENCY_KEY_TTL_MS)}
          limit ${slice})
        returning 1)
      select count(*)::int as n from gone`,
    );
    const n = rows[0]?.n ?? 0;
    purged += n;
    if (n < slice) return purged;
  }
}

/**
 * The reply's body as JSON text, to be kept as it was sent; null when it is not JSON (nothing of it is kept then).
 * The app's own serializer wrote a JSON reply, so only a text that does not look like JSON is read to be sure.
 */
function jsonText(reply: FastifyReply, payload: unknown): string | null {
  if (typeof payload !== "string" || payload.length === 0) return null;
  const type = reply.getHeader("content-type");
  if (typeof type === "string" && type.startsWith("application/json") && /^[[{]/.test(payload))
    return payload;
  try {
    JSON.parse(payload);
    return payload;
  } catch {
    return null;
  }
}

/**
 * Idempotency-Key for money-moving POSTs, as Stripe does it: the first request with a key is recorded with its
 * reply; a repeat gets that reply again (header `idempotent-replayed: true`) and runs nothing. The same key with a
 * different body is refused (422), and so is a repeat while the first is still running (409). A reply of 5xx is
 * not kept, so the request can be retried with the same key. Keys expire after 24 hours; a request that died
 * holding its key (no reply within `IDEMPOTENCY_LOCK_MS`) leaves it to the next try of the same request.
 */
export function idempotency(app: FastifyInstance): void {
  app.decorateRequest("idempotency", null);
  const store = keyStore(app.deps.db);

  app.decorate("idempotent", async (req: FastifyRequest, reply: FastifyReply) => {
    const header = req.headers["idempotency-key"];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY.test(key)) {
      throw new AppError("BAD_REQUEST", "Idempotency-Key must be 1 to 255 visible ASCII characters.");
    }
    const scope = req.auth?.userId ?? "anonymous";
    const route = `${req.method} ${req.routeOptions.url}`;
    const requestHash = createHash("sha256")
      .update(JSON.stringify(req.body ?? null))
      .digest("hex");
    const db = app.deps.db;
    const lockedAt = await store.claim({ scope, route, key, requestHash });
    if (lockedAt) {
      req.idempotency = { scope, route, key, lockedAt };
      return;
    }
    const [first] = await db
      .select()
      .from(idempotencyKeys)
      .where(
        and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.route, route), eq(idempotencyKeys.key, key)),
      );
    if (!first)
      throw new AppError("IDEMPOTENCY_KEY_IN_USE", "A request with this Idempotency-Key is still running.");
    if (first.requestHash !== requestHash) {
      throw new AppError(
        "IDEMPOTENCY_KEY_REUSED",
        "This Idempotency-Key was already used with a different request.",
      );
    }
    if (first.statusCode === null) {
      throw new AppError("IDEMPOTENCY_KEY_IN_USE", "A request with this Idempotency-Key is still running.");
    }
    return reply.code(first.statusCode).header("idempotent-replayed", "true").send(first.response);
  });

  // Every reply passes here; only those of a claimed key do any work (a plain function for the others: no promise).
  app.addHook("onSend", (req, reply, payload, done) => {
    if (!req.idempotency) {
      done(null, payload);
      return;
    }
    recordReply(req, reply, payload).then(
      (kept) => done(null, kept),
      (error: Error) => done(error),
    );
  });
  const recordReply = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = req.idempotency;
    if (!claim) return payload;
    req.idempotency = null;
    if (reply.statusCode >= 500) {
      await app.deps.db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.scope, claim.scope),
            eq(idempotencyKeys.route, claim.route),
            eq(idempotencyKeys.key, claim.key),
            sql`${idempotencyKeys.lockedAt} = ${claim.lockedAt}::timestamptz`,
          ),
        );
      return payload;
    }
    await store.record(claim, reply.statusCode, jsonText(reply, payload));
    return payload;
  };
}
