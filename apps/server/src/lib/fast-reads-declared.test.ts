import type { FastifyPluginAsync } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { testConfig } from "../config";
import { createTestDatabase } from "../test/database";

/** A declared fast read's reply: none held, so the route would answer. */
const fastRead = { cacheControl: "no-cache", ready: () => null };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/** Builds the app with one more route plugin, and starts it (as `listen` would, without a port). */
async function startWith(plugin: FastifyPluginAsync) {
  const app = await buildApp({ config: testConfig(), database: database.database });
  try {
    await app.register(plugin);
    await app.ready();
  } finally {
    await app.close();
  }
}

describe("a fast read declared on its route", () => {
  it("refuses to start when the route has a hook the front door would skip, naming the route and the hook", async () => {
    await expect(
      startWith(async (app) => {
        app.get(
          "/api/v1/banned-read",
          {
            config: { fastRead },
            preHandler: [app.requireAuth, async function banCheck() {}],
          },
          async () => ({ ok: true }),
        );
      }),
    ).rejects.toThrow(/fast read GET \/api\/v1\/banned-read has the preHandler hook banCheck/);
    await expect(
      startWith(async (app) => {
        app.get(
          "/api/v1/watched-read",
          { config: { fastRead }, onRequest: async function audit() {} },
          async () => ({}),
        );
      }),
    ).rejects.toThrow(/fast read GET \/api\/v1\/watched-read has the onRequest hook audit/);
  });

  it("refuses to start when the route counts in a rate limit of its own, which the front door does not keep", async () => {
    await expect(
      startWith(async (app) => {
        app.get(
          "/api/v1/limited-read",
          { config: { fastRead, rateLimit: { max: 5, timeWindow: "1 minute" } } },
          async () => ({}),
        );
      }),
    ).rejects.toThrow(/fast read GET \/api\/v1\/limited-read has a rate limit of its own/);
  });

  it("starts with the hooks the front door reproduces: the sign-in check and the global limit", async () => {
    await expect(
      startWith(async (app) => {
        app.get(
          "/api/v1/plain-read",
          { config: { fastRead }, preHandler: app.requireAuth },
          async () => ({}),
        );
      }),
    ).resolves.toBeUndefined();
  });
});
