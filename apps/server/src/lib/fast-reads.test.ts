import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../config";
import { giveBuilding, importSampleCity } from "../test/buildings";
import { createTestApp, signUp, type TestApp } from "../test/harness";
import { lastingHeaders, overTheWire } from "../test/wire";

const get = overTheWire;
const without = lastingHeaders;

const DETAILS = "/api/v1/properties/checkPropertyDetails";
const LEADERBOARD = "/api/v1/properties/leading-board";
/** Requests over the wire come from this address, as a trusted proxy forwards it: a rate-limit counter of its own. */
const CLIENT = "203.0.113.7";
const LIMIT = 40;

let t: TestApp;
let base: string;
let player: Awaited<ReturnType<typeof signUp>>;
let auth: Record<string, string>;
/** How many requests the front door answered from the cache, per path. */
const answered = new Map<string, number>();

beforeAll(async () => {
  const rateLimit = { ...testConfig().rateLimit, max: LIMIT };
  t = await createTestApp({ trustProxy: true, rateLimit });
  await importSampleCity(t.app.deps.db);
  player = await signUp(t);
  auth = { authorization: `Bearer ${player.token}`, "x-forwarded-for": CLIENT };
  await giveBuilding(t.app.deps.db, "way/1", player.userId, 150_000_00);
  // Each fast read counted when it finds its reply (the front door reads this map as the app serves).
  for (const [path, read] of t.app.fastReads) {
    answered.set(path, 0);
    t.app.fastReads.set(path, {
      ...read,
      ready(query) {
        const reply = read.ready(query);
        if (reply) answered.set(path, (answered.get(path) ?? 0) + 1);
        return reply;
      },
    });
  }
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => t.close());

/** A request of the player's own through Fastify's hooks (inject never passes the front door). */
const routed = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${player.token}`, ...headers } });

describe("signed-in hot reads at the front door", () => {
  it("answers held property details and leaderboard pages with the route's own status, headers and bytes", async () => {
    for (const url of [
      `${DETAILS}?text=way/1`,
      `${DETAILS}?text=Test%20Tower`,
      LEADERBOARD,
      `${LEADERBOARD}?limit=5`,
    ]) {
      const path = url.split("?")[0] ?? url;
      const first = await get(`${base}${url}`, auth);
      expect(first.status).toBe(200);
      const before = answered.get(path) ?? 0;
      const front = await get(`${base}${url}`, auth);
      expect(answered.get(path)).toBe(before + 1);
      const fromRoute = await routed(url);
      expect(front.status).toBe(fromRoute.statusCode);
      expect(front.body.equals(fromRoute.rawPayload)).toBe(true);
      expect(without(front.headers)).toEqual(without(fromRoute.headers));
      expect(front.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("answers the map's overlay, in both forms, as its route does, to anyone", async () => {
    for (const url of ["/api/v1/map/state", "/api/v1/map/state?encoding=delta"]) {
      const before = answered.get("/api/v1/map/state") ?? 0;
      await get(`${base}${url}`);
      const front = await get(`${base}${url}`, { "accept-encoding": "br" });
      expect(answered.get("/api/v1/map/state")).toBeGreaterThan(before);
      const fromRoute = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
      expect(front.status).toBe(200);
      expect(front.body.equals(fromRoute.rawPayload)).toBe(true);
      expect(without(front.headers)).toEqual(without(fromRoute.headers));
    }
  });

  it("answers 304 to the ETag it holds and the compressed bytes a client asks for, as the route does", async () => {
    const url = `${DETAILS}?text=way/1`;
    const full = await get(`${base}${url}`, auth);
    const etag = String(full.headers.etag);
    const notModified = await get(`${base}${url}`, { ...auth, "if-none-match": etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(without(notModified.headers)).toEqual(
      without((await routed(url, { "if-none-match": etag })).headers),
    );

    const board = await get(`${base}${LEADERBOARD}`, auth);
    const compressed = await get(`${base}${LEADERBOARD}`, { ...auth, "accept-encoding": "gzip, br" });
    const fromRoute = await routed(LEADERBOARD, { "accept-encoding": "gzip, br" });
    if (board.body.length >= 1024) {
      expect(compressed.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(compressed.body).equals(board.body)).toBe(true);
    }
    expect(compressed.body.equals(fromRoute.rawPayload)).toBe(true);
    expect(without(compressed.headers)).toEqual(without(fromRoute.headers));
  });

  it("leaves to the route what it does not hold or must not answer", async () => {
    const counts = () => [...answered.values()].reduce((a, b) => a + b, 0);
    const before = counts();
    // No session, an unknown one, a query the route refuses or reads another way, a text filter.
    expect((await get(`${base}${DETAILS}?text=way/1`, { "x-forwarded-for": CLIENT })).status).toBe(401);
    expect(
      (await get(`${base}${DETAILS}?text=way/1`, { authorization: "Bearer nope", "x-forwarded-for": CLIENT }))
        .status,
    ).toBe(401);
    expect((await get(`${base}${DETAILS}?text=way/1&text=way/2`, auth)).status).toBe(400);
    expect((await get(`${base}${LEADERBOARD}?limit=0`, auth)).status).toBe(400);
    expect((await get(`${base}${LEADERBOARD}?sortBy=nonsense`, auth)).status).toBe(400);
    expect(counts()).toBe(before);
  });

  it("shows the owner's own rename at once", async () => {
    const url = `${DETAILS}?text=way/1`;
    await get(`${base}${url}`, auth);
    const renamed = await t.call("PUT", "/api/v1/buildings", {
      token: player.token,
      body: { buildingId: "way/1", name: "Front Door Tower" },
    });
    expect(renamed.statusCode).toBe(200);
    const after = await get(`${base}${url}`, auth);
    expect(JSON.parse(after.body.toString()).data.propertyDetails[0].name).toBe("Front Door Tower");
  });

  it("is counted in the metrics, as the route's answers are", async () => {
    const series = async () => {
      const text = (await t.call("GET", "/metrics")).body;
      const line = text
        .split("\n")
        .find((l) =>
          l.startsWith(
            `http_request_duration_seconds_count{method="GET",route="${LEADERBOARD}",status="200"}`,
          ),
        );
      return Number(line?.split(" ").at(-1) ?? 0);
    };
    await get(`${base}${LEADERBOARD}`, auth);
    const before = await series();
    const again = answered.get(LEADERBOARD);
    await get(`${base}${LEADERBOARD}`, auth);
    expect(answered.get(LEADERBOARD)).toBe((again ?? 0) + 1);
    expect(await series()).toBe(before + 1);
  });

  it("turns reads away while the instance stops, as the route does", async () => {
    t.app.lifecycle.draining = true;
    try {
      expect((await get(`${base}${LEADERBOARD}`, auth)).status).toBe(503);
    } finally {
      t.app.lifecycle.draining = false;
    }
  });

  it("counts its answers in the caller's rate limit, with the route's", async () => {
    // A caller of its own: the front door's answers and Fastify's share one counter per address.
    const caller = { ...auth, "x-forwarded-for": "198.51.100.9" };
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i += 1) statuses.push((await get(`${base}${LEADERBOARD}`, caller)).status);
    expect(statuses.slice(0, LIMIT).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);
    const refused = await get(`${base}${LEADERBOARD}`, caller);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(JSON.parse(refused.body.toString()).code).toBe("TOO_MANY_REQUESTS");
  });
});
