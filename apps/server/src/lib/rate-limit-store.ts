import type { FastifyRateLimitStore } from "@fastify/rate-limit";
import type { RouteOptions } from "fastify";
import type { Redis } from "ioredis";

/** A counter's state after one more request: how many in its window, and the ms left before the window ends. */
type Count = { current: number; ttl: number };
type Done = (error: Error | null, result?: Count) => void;

/** How many addresses one instance's memory counts at most: the least recently seen go first. */
const MEMORY_ADDRESSES = 5000;

/**
 * Per-address request counters in this process's memory, one fixed window each (the first request starts it). The
 * rate-limit plugin counts in them (given as its `store`), and so does the front door (fast-reads.ts): one limit per
 * address, whichever way a request is answered.
 */
export class MemoryCounters implements FastifyRateLimitStore {
  private readonly windows = new Map<string, { current: number; startedAt: number }>();

  incr(key: string, done: Done, timeWindow: number): void {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.startedAt + timeWindow <= now) window = { current: 0, startedAt: now };
    window.current += 1;
    // Most recently seen last (a Map keeps insertion order), so the oldest is the first to go.
    this.windows.delete(key);
    this.windows.set(key, window);
    if (this.windows.size > MEMORY_ADDRESSES) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
    done(null, { current: window.current, ttl: timeWindow - (now - window.startedAt) });
  }

  /** A route with a limit of its own counts apart from the global limit. */
  child(): FastifyRateLimitStore {
    return new MemoryCounters();
  }
}

/** Counts one request in Redis: the window starts with the first request, and its time left comes back with it. */
const INCR = `
  local current = redis.call('INCR', KEYS[1])
  local ttl = tonumber(ARGV[1])
  if current == 1 then
    redis.call('PEXPIRE', KEYS[1], ttl)
  else
    ttl = redis.call('PTTL', KEYS[1])
  end
  return {current, ttl}
`;

type CountingRedis = Redis & {
  countRequest?: (
    key: string,
    timeWindow: number,
    done: (error: Error | null, result?: number[]) => void,
  ) => void;
};

/**
 * Per-address request counters in Redis, shared by every instance, under `prefix` (and, for a route with a limit of
 * its own, the route's method and path after it). Used as the memory counters are.
 */
export class RedisCounters implements FastifyRateLimitStore {
  private readonly redis: CountingRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    this.redis = redis;
    if (!this.redis.countRequest) this.redis.defineCommand("countRequest", { numberOfKeys: 1, lua: INCR });
  }

  incr(key: string, done: Done, timeWindow: number): void {
    const count = this.redis.countRequest;
    if (!count) {
      done(new Error("the rate-limit counter's Redis command is not defined"));
      return;
    }
    count.call(this.redis, this.prefix + key, timeWindow, (error, result) =>
      error ? done(error) : done(null, { current: Number(result?.[0]), ttl: Number(result?.[1]) }),
    );
  }

  /** The plugin gives a route's own limit with the route (`routeInfo`): its counters are the route's alone. */
  child(
    params: RouteOptions & { routeInfo?: { method: string | string[]; url: string } },
  ): FastifyRateLimitStore {
    const route = params.routeInfo ?? params;
    return new RedisCounters(this.redis, `${this.prefix}${route.method}${route.url}-`);
  }
}
