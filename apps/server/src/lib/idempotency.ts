import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { idempotencyKeys } from "../db/schema/payments";
import { Batcher, succeeded } from "./batcher";
import { AppError } from "./errors";
import { queryRows } from "./sql";

declare module "fastify" {
  interface FastifyInstance {
    /** preHandler for money-moving routes, placed after requireAuth so the key is the caller's own. */
    idempotent: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  }
  interface FastifyRequest {
    idempotency: { scope: string; route: string; key: string } | null;
  }
}

const KEY = /^[\x21-\x7e]{1,255}$/;

type Claim = { scope: string; route: string; key: string };

/**
 * Claims and records of keys, each batched: the requests of one moment claim their keys in one insert and record
 * their replies in one update, so a busy money-moving route pays two round trips per batch, not per request.
 */
function keyStore(db: Db) {
  const claims = new Batcher<Claim & { requestHash: string }, boolean>(
    async (items) => {
      const rows = await queryRows<Claim>(
        db,
        sql`
        insert into idempotency_keys (scope, route, key, request_hash)
        select c.scope, c.route, c.key, c.request_hash
        from json_to_recordset(${JSON.stringify(items.map((c) => ({ scope: c.scope, route: c.route, key: c.key, request_hash: c.requestHash })))}::json)
          as c(scope text, route text, key text, request_hash text)
        on conflict do nothing
        returning scope, route, key`,
      );
      const won = new Set(rows.map((r) => JSON.stringify([r.scope, r.route, r.key])));
      // Of two claims of one key in the same batch, the insert keeps the first; the second has lost.
      return items.map((c) => succeeded(won.delete(JSON.stringify([c.scope, c.route, c.key]))));
    },
    { maxSize: 500, maxRunning: 1, retryAlone: true },
  );
  const records = new Batcher<Claim & { statusCode: number; response: unknown }, void>(
    async (items) => {
      const rows = items.map((r) => ({
        scope: r.scope,
        route: r.route,
        key: r.key,
        status_code: r.statusCode,
        response: r.response,
      }));
      await queryRows(
        db,
        sql`
        with r as (
          select * from json_to_recordset(${JSON.stringify(rows)}::json)
            as r(scope text, route text, key text, status_code integer, response jsonb))
        update idempotency_keys k set status_code = r.status_code, response = r.response
        from r
        where k.scope = any(array(select scope from r))
          and k.scope = r.scope and k.route = r.route and k.key = r.key`,
      );
      return items.map(() => succeeded(undefined));
    },
    { maxSize: 500, maxRunning: 1, retryAlone: true },
  );
  return {
    claim: (claim: Claim & { requestHash: string }) => claims.load(claim),
    record: (claim: Claim, statusCode: number, response: unknown) =>
      records.load({ ...claim, statusCode, response }),
  };
}

/**
 * Idempotency-Key for money-moving POSTs, as Stripe does it: the first request with a key is recorded with its
 * reply; a repeat gets that reply again (header `idempotent-replayed: true`) and runs nothing. The same key with a
 * different body is refused (422), and so is a repeat while the first is still running (409). A reply of 5xx is
 * not kept, so the request can be retried with the same key.
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
    if (await store.claim({ scope, route, key, requestHash })) {
      req.idempotency = { scope, route, key };
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

  app.addHook("onSend", async (req, reply, payload) => {
    const claim = req.idempotency;
    if (!claim) return payload;
    req.idempotency = null;
    const where = and(
      eq(idempotencyKeys.scope, claim.scope),
      eq(idempotencyKeys.route, claim.route),
      eq(idempotencyKeys.key, claim.key),
    );
    if (reply.statusCode >= 500) {
      await app.deps.db.delete(idempotencyKeys).where(where);
      return payload;
    }
    let response: unknown = null;
    try {
      response = typeof payload === "string" ? JSON.parse(payload) : null;
    } catch {
      response = null;
    }
    await store.record(claim, reply.statusCode, response);
    return payload;
  });
}
