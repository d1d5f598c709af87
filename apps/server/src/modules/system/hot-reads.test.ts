import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { testConfig } from "../../config";
import { sessions } from "../../db/schema/users";
import { HotCache } from "../../lib/hot-cache";
import { giveBuilding, importSampleCity } from "../../test/buildings";
import { createTestDatabase } from "../../test/database";
import { signUp, type TestApp, testAppOf } from "../../test/harness";
import { publishBuilding } from "../buildings/publish-building";
import { announceInvalidation } from "../events/publish";

/** Two instances of the server on one database, as behind a load balancer. */
let a: TestApp;
let b: TestApp;
let drop: () => Promise<void>;
beforeAll(async () => {
  const made = await createTestDatabase();
  drop = made.drop;
  // One configuration (one session secret), as every instance of a deployment shares.
  const config = testConfig();
  // A stands for another process: it hears B's changes only through the live channel, as it would in production.
  const appA = await buildApp({ config, database: made.database, hearsThisProcess: false });
  const appB = await buildApp({ config, database: made.database });
  await appA.ready();
  await appB.ready();
  a = testAppOf(appA, () => appA.close());
  b = testAppOf(appB, () => appB.close());
  // Property details are read over the wire, through the front door that answers them from the cache.
  addresses.set(a, await appA.listen({ port: 0, host: "127.0.0.1" }));
  addresses.set(b, await appB.listen({ port: 0, host: "127.0.0.1" }));
  await importSampleCity(appA.deps.db);
});
afterAll(async () => {
  await a.close();
  await b.close();
  await drop();
});

const profile = (t: TestApp, token: string) => t.call("GET", "/api/v1/users/profile", { token });
const addresses = new Map<TestApp, string>();
/** Property details as a player's browser gets them: over a connection, so the front door may answer. */
async function details(t: TestApp, token: string, text: string) {
  const url = `${addresses.get(t)}/api/v1/properties/checkPropertyDetails?text=${encodeURIComponent(text)}`;
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.text();
  return { statusCode: res.status, json: () => JSON.parse(body) };
}

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the session cache", () => {
  it("never answers one player's token with another player's session", async () => {
    const players = await Promise.all([signUp(a), signUp(a), signUp(a), signUp(a)]);
    // Interleaved and concurrent, on both instances, cold and then warm.
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        players.flatMap((p) =>
          [profile(a, p.token), profile(b, p.token)].map(async (res) => [p, await res] as const),
        ),
      );
      for (const [player, res] of answers) {
        expect(res.statusCode).toBe(200);
        expect(res.json().data.email).toBe(player.email.toLowerCase());
      }
    }
    expect(a.app.hot.sessions.size).toBeGreaterThanOrEqual(players.length);
  });

  it("refuses a logged-out token at once on the instance that logged out, and on the other", async () => {
    const player = await signUp(a);
    expect((await profile(a, player.token)).statusCode).toBe(200);
    expect((await profile(b, player.token)).statusCode).toBe(200);
    expect((await b.call("POST", "/api/v1/users/logout", { token: player.token })).statusCode).toBe(200);
    expect((await profile(b, player.token)).statusCode).toBe(401);
    await eventually(async () => (await profile(a, player.token)).statusCode === 401, "refused on A");
  });

  it("keeps a session cached until its end is announced, then refuses it on every instance", async () => {
    const player = await signUp(a);
    expect((await profile(a, player.token)).statusCode).toBe(200);
    const db = a.app.deps.db;
    // Ended behind the caches' back (as another process would, before its NOTIFY): the cache still answers,
    // which shows it is the cache answering.
    const [session] = await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, player.userId)))
      .returning({ id: sessions.id });
    expect((await profile(a, player.token)).statusCode).toBe(200);
    await announceInvalidation(db, { sessionId: session?.id ?? "" });
    await eventually(async () => (await profile(a, player.token)).statusCode === 401, "refused on A");
    expect((await profile(b, player.token)).statusCode).toBe(401);
  });

  it("forgets every session of a player whose password changed elsewhere", async () => {
    const player = await signUp(a);
    expect((await profile(a, player.token)).statusCode).toBe(200);
    await b.app.deps.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, player.userId));
    await announceInvalidation(b.app.deps.db, { sessionsOf: player.userId });
    await eventually(async () => (await profile(a, player.token)).statusCode === 401, "refused on A");
  });
});

describe("the property details cache", () => {
  it("serves a building by id from memory until its event, heard from another instance, says it changed", async () => {
    const viewer = await signUp(a);
    const owner = await signUp(a, { fullName: "Olive Owner" });
    const first = await details(a, viewer.token, "way/3");
    expect(first.json().data.propertyDetails[0]).toMatchObject({ buildingId: "way/3", ownerId: null });
    await giveBuilding(b.app.deps.db, "way/3", owner.userId, 250_000);
    // No event yet: the cached answer stands.
    expect((await details(a, viewer.token, "way/3")).json().data.propertyDetails[0].ownerId).toBeNull();
    await publishBuilding(b.app.deps.db, "building.sold", "way/3");
    await eventually(
      async () =>
        (await details(a, viewer.token, "way/3")).json().data.propertyDetails[0].ownerId === owner.userId,
      "the sale seen on A",
    );
    const seen = (await details(a, viewer.token, "way/3")).json().data.propertyDetails[0];
    expect(seen).toMatchObject({ price: 2500, ownerName: owner.userName, status: "owned" });
  });

  it("shows an owner's new name once their profile changes on another instance", async () => {
    const viewer = await signUp(a);
    const owner = await signUp(a);
    await giveBuilding(a.app.deps.db, "way/2", owner.userId, 10_000);
    await publishBuilding(a.app.deps.db, "building.sold", "way/2");
    await eventually(
      async () =>
        (await details(a, viewer.token, "way/2")).json().data.propertyDetails[0].ownerId === owner.userId,
      "owner seen",
    );
    const renamed = `renamed${Date.now() % 100000}`;
    const res = await b.call("PUT", "/api/v1/users/", { token: owner.token, body: { userName: renamed } });
    expect(res.statusCode).toBe(200);
    await eventually(
      async () =>
        (await details(a, viewer.token, "way/2")).json().data.propertyDetails[0].ownerName === renamed,
      "new name on A",
    );
  });
});

describe("the leaderboard cache", () => {
  it("rebuilds its pages when a sale is heard", async () => {
    const viewer = await signUp(a);
    const buyer = await signUp(a, { fullName: "Leader Lee" });
    const board = async () =>
      (await a.call("GET", "/api/v1/properties/leading-board?limit=50", { token: viewer.token })).json().data
        .rankedResponse as { _id: string }[];
    expect((await board()).some((e) => e._id === buyer.userId)).toBe(false);
    await giveBuilding(b.app.deps.db, "way/1", buyer.userId, 900_000);
    await publishBuilding(b.app.deps.db, "building.sold", "way/1");
    await eventually(async () => (await board()).some((e) => e._id === buyer.userId), "buyer on the board");
  });
});

describe("ready replies", () => {
  const security = ["content-security-policy", "x-content-type-options", "strict-transport-security"];
  const reads = (token: string): [string, Record<string, string>][] => [
    ["/api/v1/properties/checkPropertyDetails?text=way/1", { authorization: `Bearer ${token}` }],
    ["/api/v1/properties/checkPropertyDetails?text=Test%20Tower", { authorization: `Bearer ${token}` }],
    ["/api/v1/properties/leading-board", { authorization: `Bearer ${token}` }],
    ["/api/v1/map/state", {}],
  ];

  it("sends a cached reply byte for byte as the fresh one, with its ETag, and 304 to If-None-Match", async () => {
    const viewer = await signUp(b);
    const owner = await signUp(b);
    await giveBuilding(b.app.deps.db, "way/1", owner.userId, 70_000);
    await publishBuilding(b.app.deps.db, "building.sold", "way/1");
    for (const [url, headers] of reads(viewer.token)) {
      b.app.hot.clear();
      const fresh = await b.app.inject({ method: "GET", url, headers });
      const cached = await b.app.inject({ method: "GET", url, headers });
      expect(fresh.statusCode, url).toBe(200);
      expect(cached.rawPayload.equals(fresh.rawPayload), url).toBe(true);
      const etag = fresh.headers.etag as string;
      expect(etag, url).toMatch(/^"[^"]+"$/);
      expect(cached.headers.etag).toBe(etag);
      // Made afresh by the other instance, from the same rows: the same bytes.
      const other = await a.app.inject({ method: "GET", url, headers });
      expect(other.body, url).toBe(fresh.body);
      for (const name of security) expect(cached.headers[name], `${url} ${name}`).toBeTruthy();
      for (const match of [etag, `W/${etag}`, `"other", ${etag}`]) {
        const again = await b.app.inject({
          method: "GET",
          url,
          headers: { ...headers, "if-none-match": match },
        });
        expect(again.statusCode, `${url} ${match}`).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
        for (const name of security) expect(again.headers[name], `${url} ${name}`).toBeTruthy();
      }
      const changed = await b.app.inject({
        method: "GET",
        url,
        headers: { ...headers, "if-none-match": '"old"' },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.body).toBe(fresh.body);
    }
  });

  it("still asks for a signed-in player on cached reads", async () => {
    const viewer = await signUp(b);
    for (const [url, headers] of reads(viewer.token).slice(0, 3)) {
      expect((await b.app.inject({ method: "GET", url, headers })).statusCode).toBe(200);
      expect((await b.app.inject({ method: "GET", url })).statusCode, url).toBe(401);
    }
  });

  it("shows a player's own rename at once on the instance that made it, and within 2 s on the other", async () => {
    const viewer = await signUp(a);
    const owner = await signUp(b);
    await giveBuilding(b.app.deps.db, "way/2", owner.userId, 30_000);
    await publishBuilding(b.app.deps.db, "building.sold", "way/2");
    const named = (t: TestApp, text: string) =>
      details(t, viewer.token, text).then((res) =>
        res.statusCode === 200
          ? (res.json().data.propertyDetails as { buildingId: string; name: string }[])
          : [],
      );
    const before = await details(b, viewer.token, "way/2");
    expect(before.statusCode).toBe(200);
    const name = `Harbour Lights ${Date.now() % 100000}`;
    // Both instances have searched for it before the rename, and found nothing.
    expect(await named(a, name)).toEqual([]);
    expect(await named(b, name)).toEqual([]);
    await named(a, "way/2");
    const res = await b.call("PUT", "/api/v1/buildings", {
      token: owner.token,
      body: { buildingId: "way/2", name },
    });
    expect(res.statusCode).toBe(200);
    expect((await named(b, "way/2"))[0]?.name).toBe(name);
    expect((await named(b, name)).some((p) => p.buildingId === "way/2")).toBe(true);
    await eventually(
      async () =>
        (await named(a, "way/2"))[0]?.name === name &&
        (await named(a, name)).some((p) => p.buildingId === "way/2"),
      "the new name on the other instance",
      2000,
    );
  });
});

describe("HotCache", () => {
  it("shares one load between concurrent callers and keeps the value", async () => {
    const cache = new HotCache<number>({ maxEntries: 10, maxAgeMs: 60_000 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 42;
    };
    expect(await Promise.all([cache.get("k", load), cache.get("k", load)])).toEqual([42, 42]);
    expect(await cache.get("k", load)).toBe(42);
    expect(loads).toBe(1);
  });

  it("does not keep a value whose load began before an invalidation", async () => {
    const cache = new HotCache<string>({ maxEntries: 10, maxAgeMs: 60_000 });
    let release: (value: string) => void = () => {};
    const slow = cache.get(
      "k",
      () => new Promise<string>((resolve) => (release = resolve)),
      () => ({ tags: ["t"] }),
    );
    cache.invalidateTag("t");
    release("old");
    expect(await slow).toBe("old");
    expect(await cache.get("k", async () => "new")).toBe("new");
  });

  it("forgets by tag, past the maximum age or the entry's own expiry, and the least recently used past its size", async () => {
    const cache = new HotCache<string>({ maxEntries: 2, maxAgeMs: 60_000 });
    await cache.get(
      "a",
      async () => "a1",
      () => ({ tags: ["x"] }),
    );
    await cache.get("b", async () => "b1");
    // A read counts as a use once a second at most (hot-cache.ts): this one comes later.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await cache.get("a", async () => "unused");
    await cache.get("c", async () => "c1");
    expect(await cache.get("b", async () => "b2")).toBe("b2");
    cache.invalidateTag("x");
    expect(await cache.get("a", async () => "a2")).toBe("a2");
    await cache.get(
      "e",
      async () => "e1",
      () => ({ expiresAt: Date.now() - 1 }),
    );
    expect(await cache.get("e", async () => "e2")).toBe("e2");
    await expect(cache.get("f", async () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(await cache.get("f", async () => "f1")).toBe("f1");
  });
});
