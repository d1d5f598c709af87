import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { idempotencyKeys } from "../db/schema/payments";
import { AppError } from "./errors";

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

/**
 * Idempotency-Key for money-moving POSTs, as Stripe does it: the first request with a key is recorded with its
 * reply; a repeat gets that reply again (header `idempotent-replayed: true`) and runs nothing. The same key with a
 * different body is refused (422), and so is a repeat while the first is still running (409). A reply of 5xx is
 * not kept, so the request can be retried with the same key.
 */
export function idempotency(app: FastifyInstance): void {
  app.decorateRequest("idempotency", null);

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
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ scope, route, key, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed) {
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
    await app.deps.db.update(idempotencyKeys).set({ statusCode: reply.statusCode, response }).where(where);
    return payload;
  });
}
