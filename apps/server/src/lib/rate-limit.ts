import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import rateLimit, { type FastifyRateLimitStore } from "@fastify/rate-limit";
import { AppError } from "@mx/kit/errors";
import { serverMessages } from "@mx/shared/messages";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import type { Config } from "../config";
import { MemoryCounters, RedisCounters } from "./rate-limit-store";

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
  // The project's own counters, given to the plugin as its store (its documented `store` option), so that the front
  // door (fast-reads.ts) counts in the very counters the plugin counts in: one limit per address, whichever way a
  // request is answered.
  const store: FastifyRateLimitStore = redis ? new RedisCounters(redis, redisPrefix) : new MemoryCounters();
  await app.register(rateLimit, {
    global: true,
    max,
    store: class SharedCounters {
      incr = store.incr.bind(store);
      child = store.child.bind(store);
    },
    timeWindow: WINDOW_MS,
    // The front door counts a caller under the same key (fast-reads.ts), from the same address.
    keyGenerator: (req) => limitKey(req.ip),
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

const trustAll = () => true;

/** The caller's address, as Fastify's request.ip gives it: the first one a trusted proxy forwarded, else the peer's. */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  return trustProxy ? proxyAddr(req, trustAll) : (req.socket.remoteAddress ?? "");
}

/**
 * The key a caller is counted under: an IPv4 address as it is (also when carried in IPv6), an IPv6 one by its /56
 * block (one home or office network, which holds many addresses), as the rate-limit plugin keys callers by default.
 */
export function limitKey(address: string): string {
  const ip = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(":")) return ip;
  const [head = "", tail] = ip.split("%")[0]?.split("::") ?? [];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  const [a = 0, b = 0, c = 0, d = 0] = groups.map((group) => Number.parseInt(group || "0", 16) || 0);
  return `${a.toString(16)}:${b.toString(16)}:${c.toString(16)}:${(d & 0xff00).toString(16)}::/56`;
}
