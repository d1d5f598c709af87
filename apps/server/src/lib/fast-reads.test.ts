import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../config";
import { giveBuilding, importSampleCity } from "../test/buildings";
import { createTestApp, signUp, type TestApp } from "../test/harness";
import { lastingHeaders, overTheWire } from "../test/wire";
import type { FastRead } from "./fast-reads";

const get = overTheWire;
const without = lastingHeaders;

const DETAILS = "/api/v1/properties/checkPropertyDetails";
const MAP_STATE = "/api/v1/map/state";
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
  // Each fast read the routes declare counted when it finds its reply (the front door reads this map as it serves).
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

/**
 * Queries for every declared fast read: `held` ones its route answers from what it holds (each sent twice, the
 * second time from the front door), `refused` ones its route refuses (400), the front door leaving them to it.
 */
const VARIANTS: Record<string, { held: string[]; refused: string[] }> = {
  [DETAILS]: {
    held: ["?text=way/1", "?text=Test%20Tower", "?text=way%2F1", "?text=+way/1+"],
    refused: ["?text=way/1&text=way/2", "?text=way/1&other=1", "?text=", "?text=%E0%A4%A"],
  },
  [LEADERBOARD]: {
    held: ["", "?limit=5", "?limit=5&offset=0", "?name=a"],
    refused: ["?limit=0", "?sortBy=nonsense", "?limit=5&limit=6", "?nope=1"],
  },
  [MAP_STATE]: {
    held: ["", "?encoding=delta", "?encoding=pairs"],
    refused: ["?encoding=nonsense", "?encoding=delta&encoding=pairs", "?nope=1"],
  },
};

/** The headers a client may send that change the reply: plain, compressed, revalidating. */
const HEADER_VARIANTS: Record<string, string>[] = [
  {},
  { "accept-encoding": "gzip, br" },
  { "accept-encoding": "gzip" },
];

let callers = 0;
/**
 * The headers of a request for `read`: the player's session when the read wants one, and an address of its own (a
 * rate-limit counter of its own, so that the many requests here stay within the limit).
 */
const headersFor = (read: FastRead, extra: Record<string, string> = {}) => {
  callers += 1;
  return {
    ...(read.signedIn ? { authorization: `Bearer ${player.token}` } : {}),
    "x-forwarded-for": `192.0.${Math.floor(callers / 250)}.${(callers % 250) + 1}`,
    ...extra,
  };
};

/** How many requests the front door has answered, over every fast read. */
const total = () => [...answered.values()].reduce((a, b) => a + b, 0);

/** The same request through Fastify's hooks (inject never passes the front door). */
const throughFastify = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url, headers });

describe("every fast read the routes declare, at the front door", () => {
  it("is declared by the map's overlay, property details and the leaderboard, each with its query variants here", () => {
    expect([...t.app.fastReads.keys()].sort()).toEqual([DETAILS, LEADERBOARD, MAP_STATE].sort());
    expect(Object.keys(VARIANTS).sort()).toEqual([...t.app.fastReads.keys()].sort());
    expect(t.app.fastReads.get(MAP_STATE)).toMatchObject({ signedIn: false, limited: false });
    expect(t.app.fastReads.get(DETAILS)).toMatchObject({ signedIn: true, limited: true });
  });

  it("answers each held query with the route's own status, headers and bytes", async () => {
    for (const [path, read] of t.app.fastReads) {
      for (const query of VARIANTS[path]?.held ?? []) {
        for (const extra of HEADER_VARIANTS) {
          const url = `${path}${query}`;
          const headers = headersFor(read, extra);
          expect((await get(`${base}${url}`, headers)).status, url).toBe(200);
          const before = answered.get(path) ?? 0;
          const front = await get(`${base}${url}`, headers);
          expect(answered.get(path), `${url} from the front door`).toBe(before + 1);
          const routed = await throughFastify(url, headers);
          expect(front.status, url).toBe(routed.statusCode);
          expect(front.body.equals(routed.rawPayload), url).toBe(true);
          expect(without(front.headers), url).toEqual(without(routed.headers));
          expect(front.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
          // A client revalidating what it holds gets 304 and no body, from either.
          const etag = { ...headers, "if-none-match": String(front.headers.etag) };
          const unchanged = await get(`${base}${url}`, etag);
          expect(unchanged.status, url).toBe(304);
          expect(without(unchanged.headers), url).toEqual(without((await throughFastify(url, etag)).headers));
        }
      }
    }
  });

  it("leaves a query its route refuses to the route, which answers 400 as ever", async () => {
    for (const [path, read] of t.app.fastReads) {
      for (const query of VARIANTS[path]?.refused ?? []) {
        const url = `${path}${query}`;
        const headers = headersFor(read);
        const before = total();
        const front = await get(`${base}${url}`, headers);
        expect(total(), url).toBe(before);
        const routed = await throughFastify(url, headers);
        expect(front.status, url).toBe(400);
        expect(routed.statusCode, url).toBe(400);
        expect(front.body.equals(routed.rawPayload), url).toBe(true);
      }
    }
  });

  it("leaves a caller without a live session to the route, which refuses it", async () => {
    for (const [path, read] of t.app.fastReads) {
      if (!read.signedIn) continue;
      const url = `${path}${VARIANTS[path]?.held[0] ?? ""}`;
      const before = total();
      const callers: Record<string, string>[] = [
        { "x-forwarded-for": CLIENT },
        { authorization: "Bearer nope", "x-forwarded-for": CLIENT },
      ];
      for (const headers of callers) {
        const front = await get(`${base}${url}`, headers);
        const routed = await throughFastify(url, headers);
        expect(front.status, url).toBe(401);
        expect(front.body.equals(routed.rawPayload), url).toBe(true);
      }
      expect(total(), url).toBe(before);
    }
  });

  it("counts its answers in the caller's rate limit with Fastify's, and refuses past it as Fastify does", async () => {
    let caller = 10;
    for (const [path, read] of t.app.fastReads) {
      // A caller of its own per read: the front door's answers and Fastify's share one counter per address.
      const headers = headersFor(read, { "x-forwarded-for": `198.51.100.${caller++}` });
      const url = `${path}${VARIANTS[path]?.held[0] ?? ""}`;
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 2; i += 1) statuses.push((await get(`${base}${url}`, headers)).status);
      expect(
        statuses.slice(0, LIMIT).every((s) => s === 200),
        url,
      ).toBe(true);
      if (!read.limited) {
        expect(statuses.slice(LIMIT), url).toEqual([200, 200]);
        continue;
      }
      expect(statuses.slice(LIMIT), url).toEqual([429, 429]);
      const refused = await get(`${base}${url}`, headers);
      const routed = await throughFastify(url, headers);
      expect(routed.statusCode, url).toBe(429);
      expect(refused.headers["retry-after"], url).toBeDefined();
      expect(JSON.parse(refused.body.toString()).code).toBe("TOO_MANY_REQUESTS");
      expect(JSON.parse(refused.body.toString())).toEqual(JSON.parse(routed.body));
    }
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
});
