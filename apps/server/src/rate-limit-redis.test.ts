import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Config, testConfig } from "./config";
import { createTestApp, type TestApp } from "./test/harness";

/**
 * Two server instances on one Redis share their rate limits. Runs whenever Redis answers at REDIS_URL (default
 * redis://127.0.0.1:6379); when REDIS_URL is set, or CI is, Redis is expected and its absence fails the run
 * instead of skipping it.
 */
const url = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const expected = Boolean(process.env.REDIS_URL || process.env.CI);

async function reachable(): Promise<string | null> {
  const probe = new Redis(url, {
    connectTimeout: 1_500,
    maxRetriesPerRequest: 0,
    lazyConnect: true,
    retryStrategy: () => null,
  });
  probe.on("error", () => {});
  try {
    await probe.connect();
    await probe.ping();
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    probe.disconnect();
  }
}
const unreachable = await reachable();

describe("Redis is there when it is expected", () => {
  it.runIf(expected)(`answers at ${url}`, () => {
    expect(unreachable, `Redis expected at ${url} (REDIS_URL or CI is set)`).toBeNull();
  });
});

describe.skipIf(unreachable !== null)("rate limits shared across instances (Redis)", () => {
  const prefix = `mx-rate-limit-test:${randomBytes(6).toString("hex")}:`;
  const limits = (redisUrl: string | null): Partial<Config> => ({
    rateLimit: { ...testConfig().rateLimit, max: 10, authMax: 4, redisUrl, redisPrefix: prefix },
  });
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestApp(limits(url)), createTestApp(limits(url))]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    const cleaner = new Redis(url);
    const keys = await cleaner.keys(`${prefix}*`);
    if (keys.length > 0) await cleaner.del(...keys);
    cleaner.disconnect();
  });
  /** Requests alternating between the two instances, from one address. */
  const alternate = async (n: number, url: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) statuses.push((await (i % 2 === 0 ? a : b).call("GET", url)).statusCode);
    return statuses;
  };

  it("the global limit counts the requests of both instances together", async () => {
    const statuses = await alternate(14, "/api/v1/config");
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
    const refused = await b.call("GET", "/api/v1/config");
    expect(refused.json().code).toBe("TOO_MANY_REQUESTS");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("a route's own limit is shared too", async () => {
    const statuses = await alternate(6, "/api/v1/users/username-available?userName=someone");
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it("without Redis each instance counts alone (what the README warns of)", async () => {
    const [c, d] = await Promise.all([createTestApp(limits(null)), createTestApp(limits(null))]);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 16; i++)
        statuses.push((await (i % 2 === 0 ? c : d).call("GET", "/api/v1/config")).statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(16);
    } finally {
      await Promise.all([c.close(), d.close()]);
    }
  });
});
