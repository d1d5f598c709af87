/// <reference path="./rate-limit-stores.d.ts" />
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import LocalStore from "@fastify/rate-limit/store/LocalStore.js";
import RedisStore from "@fastify/rate-limit/store/RedisStore.js";
import { AppError } from "@mx/kit/errors";
import { serverMessages } from "@mx/shared/messages";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import type { Config } from "../config";

/**
 * Per-address request limits on every route (routes may set their own). With `REDIS_URL` the counters live in
 * Redis, so N instances behind a load balancer enforce one limit between them; without it each process counts in
 * its own memory (fine for one instance). Should Redis be unreachable, requests go through uncounted and the error
 * is logged: the limits are a brake, and sign-in and code guesses are counted in the database regardless.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config): Promise<RateCounter> {
  const { redisUrl, redisPrefix, max } = config.rateLimit;
  let redis: Redis | null = null;
  if (redisUrl) {
    redis = new Redis(redisUrl, {
      connectTimeout: 2_000,
      // A command waits at most one reconnect; the limiter must not hold requests while Redis is away.
      maxRetriesPerRequest: 1,
      enableAutoPipelining: true,
    });
    redis.on("error", (error: Error) => app.log.warn({ err: error }, "rate-limit store (Redis) unavailable"));
    const client = redis;
    app.addHook("onClose", async () => {
      await client.quit().catch(() => client.disconnect());
    });
  }
  // The plugin's own stores, made here so that the front door (fast-reads.ts) counts in the very counters the
  // plugin counts in: one limit per address, whichever way a request is answered.
  const store: FastifyRateLimitStore = redis
    ? new RedisStore(false, false, redis, redisPrefix)
    : new LocalStore(false, false);
  await app.register(rateLimit, {
    global: true,
    max,
    store: function Shared() {
      return store;
    } as unknown as FastifyRateLimitStoreCtor,
    timeWindow: WINDOW_MS,
    // A refusal says when to come back (Retry-After); the count left is not sent on every reply (no client reads it,
    // and each header is written and read on every hot read).
    addHeadersOnExceeding: {
      "x-ratelimit-limit": false,
      "x-ratelimit-remaining": false,
      "x-ratelimit-reset": false,
    },
    ...(redis ? { skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) =>
      new AppError("TOO_MANY_REQUESTS", serverMessages.tooManyRequests, {
        retryAfter: Math.ceil(ctx.ttl / 1000),
      }),
  });
  return {
    count(address, done) {
      store.incr(
        address,
        (error, result) => done(error !== null || !result || result.current <= max),
        WINDOW_MS,
        max,
      );
    },
  };
}

/** The global limit's window: `max` requests per address per minute. */
const WINDOW_MS = 60_000;

/** The global limit's counters, for requests answered before Fastify sees them. */
export type RateCounter = {
  /**
   * Counts one request from `address` against the global limit and tells whether it is within it. Should the
   * store fail (Redis away), the request is let through, as the plugin lets it through.
   */
  count(address: string, done: (within: boolean) => void): void;
};
