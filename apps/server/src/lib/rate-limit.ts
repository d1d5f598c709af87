import rateLimit from "@fastify/rate-limit";
import { serverMessages } from "@mx/shared/messages";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import type { Config } from "../config";
import { AppError } from "./errors";

/**
 * Per-address request limits on every route (routes may set their own). With `REDIS_URL` the counters live in
 * Redis, so N instances behind a load balancer enforce one limit between them; without it each process counts in
 * its own memory (fine for one instance). Should Redis be unreachable, requests go through uncounted and the error
 * is logged: the limits are a brake, and sign-in and code guesses are counted in the database regardless.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config): Promise<void> {
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
  await app.register(rateLimit, {
    global: true,
    max,
    timeWindow: "1 minute",
    // A refusal says when to come back (Retry-After); the count left is not sent on every reply (no client reads it,
    // and each header is written and read on every hot read).
    addHeadersOnExceeding: {
      "x-ratelimit-limit": false,
      "x-ratelimit-remaining": false,
      "x-ratelimit-reset": false,
    },
    ...(redis ? { redis, nameSpace: redisPrefix, skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) =>
      new AppError("TOO_MANY_REQUESTS", serverMessages.tooManyRequests, {
        retryAfter: Math.ceil(ctx.ttl / 1000),
      }),
  });
}
