import type { LiveServerMessage, PublicEvent } from "@mx/shared/schemas/live";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { testConfig } from "../../config";
import { type Database, openDatabase } from "../../db/client";
import { buildings, properties } from "../../db/schema/buildings";
import { users } from "../../db/schema/users";
import { giveBuilding, importSampleCity } from "../../test/buildings";
import { addCard } from "../../test/cards";
import { createTestDatabase } from "../../test/database";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { isType, openLive } from "../../test/live";
import { publishPublic, recordActivity } from "../events/publish";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importSampleCity(t.app.deps.db);
});
afterAll(() => t.close());

const isEvent =
  <K extends PublicEvent["type"]>(type: K, buildingId?: string) =>
  (
    m: LiveServerMessage,
  ): m is Extract<LiveServerMessage, { type: "event" }> & {
    event: Extract<PublicEvent, { type: K }>;
  } =>
    m.type === "event" &&
    m.event.type === type &&
    (buildingId === undefined || ("buildingId" in m.event && m.event.buildingId === buildingId));

async function mapIdOf(buildingId: string): Promise<number> {
  const [row] = await t.app.deps.db
    .select({ mapId: buildings.mapId })
    .from(buildings)
    .where(eq(buildings.id, buildingId));
  return row?.mapId ?? -1;
}

describe("GET /api/v1/live (WebSocket)", () => {
  it("greets a signed-in socket with 'ready', naming the player and this instance", async () => {
    const player = await signUp(t);
    const live = await openLive(t.app, player.token);
    const ready = await live.next(isType("ready"));
    expect(ready).toMatchObject({ userId: player.userId, instance: t.app.live.hub.instance });
    expect(typeof ready.seq).toBe("number");
    live.close();
  });

  it("closes a socket whose token is wrong with 4401, and ignores pings before sign-in", async () => {
    const live = await openLive(t.app, null);
    live.socket.send(JSON.stringify({ type: "ping" }));
    live.socket.send(JSON.stringify({ type: "auth", token: "not-a-token" }));
    expect(await live.closed).toBe(4401);
    expect(live.messages).toEqual([]);
  });

  it("closes a socket that sends something other than JSON", async () => {
    const live = await openLive(t.app, null);
    live.socket.send("hello");
    expect(await live.closed).toBe(1003);
  });

  it("answers a ping with a pong", async () => {
    const player = await signUp(t);
    const live = await openLive(t.app, player.token);
    await live.next(isType("ready"));
    live.socket.send(JSON.stringify({ type: "ping" }));
    await live.next(isType("pong"));
    live.close();
  });

  it("tells every socket at once when a building is bought, with its map id and the buyer's colour", async () => {
    const buyer = await signUp(t);
    const watcher = await signUp(t);
    await t.call("PUT", "/api/v1/users/", { token: buyer.token, body: { buildingColor: "#22AA88" } });
    await addCard(t, buyer.token);
    const [mine, theirs] = await Promise.all([openLive(t.app, buyer.token), openLive(t.app, watcher.token)]);
    await Promise.all([mine.next(isType("ready")), theirs.next(isType("ready"))]);

    const started = Date.now();
    const bought = await t.call("POST", "/api/v1/properties/buy", {
      token: buyer.token,
      body: { buildingId: "way/3", bidAmount: 5000, isApplePay: false },
    });
    expect(bought.statusCode).toBe(200);
    const [a, b] = await Promise.all([
      mine.next(isEvent("building.sold", "way/3")),
      theirs.next(isEvent("building.sold", "way/3")),
    ]);
    expect(b.event).toEqual({
      type: "building.sold",
      buildingId: "way/3",
      mapId: await mapIdOf("way/3"),
      name: expect.any(String),
      price: 5000,
      forSale: false,
      ownerId: buyer.userId,
      color: "#22aa88",
    });
    expect(a.seq).toBe(b.seq);
    expect(b.at).toBeGreaterThanOrEqual(started);
    mine.close();
    theirs.close();
  });

  it("announces asks, cancelled sales, renames and colour changes", async () => {
    const owner = await signUp(t);
    const watcher = await signUp(t);
    await giveBuilding(t.app.deps.db, "way/2", owner.userId, 20_000);
    await t.app.deps.db.update(users).set({ isStripeIntegrated: true }).where(eq(users.id, owner.userId));
    const live = await openLive(t.app, watcher.token);
    await live.next(isType("ready"));

    const ask = await t.call("POST", "/api/v1/properties/place-ask", {
      token: owner.token,
      body: { propertyId: "way/2", bidAmount: 450 },
    });
    expect(ask.statusCode).toBe(200);
    const listed = await live.next(isEvent("building.listed", "way/2"));
    expect(listed.event).toMatchObject({
      forSale: true,
      price: 450,
      ownerId: owner.userId,
      color: "#ffffff",
    });

    await t.call("POST", "/api/v1/properties/cancel-sale", {
      token: owner.token,
      body: { propertyId: "way/2" },
    });
    const unlisted = await live.next(isEvent("building.unlisted", "way/2"));
    expect(unlisted.event).toMatchObject({ forSale: false, price: 200 });

    const renamed = await t.call("PUT", "/api/v1/buildings", {
      token: owner.token,
      body: { buildingId: "way/2", name: "Gotham Hall", location: { lat: 40.75, lng: -73.99 } },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await live.next(isEvent("building.renamed", "way/2"))).event.name).toBe("Gotham Hall");

    await t.call("PUT", "/api/v1/users/", { token: owner.token, body: { buildingColor: "#FF0000" } });
    const recoloured = await live.next(isEvent("player.recoloured"));
    expect(recoloured.event).toEqual({ type: "player.recoloured", userId: owner.userId, color: "#ff0000" });

    // Saving the same colour again changes nothing on the map, so nothing is announced.
    const count = live.messages.length;
    await t.call("PUT", "/api/v1/users/", { token: owner.token, body: { buildingColor: "#ff0000" } });
    await publishPublic(t.app.deps.db, { type: "map.changed" });
    await live.next(isEvent("map.changed"));
    expect(live.messages.slice(count).map((m) => m.type === "event" && m.event.type)).toEqual([
      "map.changed",
    ]);
    live.close();
  });

  it("sends nothing for a change whose transaction rolls back", async () => {
    const player = await signUp(t);
    const live = await openLive(t.app, player.token);
    const ready = await live.next(isType("ready"));
    await expect(
      t.app.deps.db.transaction(async (tx) => {
        await publishPublic(tx, { type: "player.recoloured", userId: player.userId, color: "#000001" });
        await recordActivity(tx, player.userId, "payout.failed", {
          payoutId: "po_1",
          amount: 1,
          instant: false,
          reason: null,
        });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await publishPublic(t.app.deps.db, { type: "map.changed" });
    const next = await live.next((m) => m.type !== "ready");
    expect(next).toMatchObject({ type: "event", event: { type: "map.changed" } });
    expect(next.type === "event" && next.seq).toBeGreaterThan(ready.seq);
    live.close();
  });

  it("delivers a private event to every socket of its player and to no one else", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const [tab1, tab2, stranger] = await Promise.all([
      openLive(t.app, owner.token),
      openLive(t.app, owner.token),
      openLive(t.app, other.token),
    ]);
    await Promise.all([tab1, tab2, stranger].map((s) => s.next(isType("ready"))));
    const payload = {
      bidId: "7b0b0c43-7a0b-4a8a-9f62-2b2f0c5e8d11",
      buildingId: "way/1",
      propertyName: "Test Tower",
      bidAmount: 1234.5,
      bidderName: "Grace Hopper",
    };
    const recorded = await t.app.deps.db.transaction((tx) =>
      recordActivity(tx, owner.userId, "bid.received", payload),
    );
    const [one, two] = await Promise.all([tab1.next(isType("activity")), tab2.next(isType("activity"))]);
    expect(one.activity).toEqual({ ...recorded, payload });
    expect(two.activity.id).toBe(recorded.id);
    await publishPublic(t.app.deps.db, { type: "map.changed" });
    await stranger.next(isEvent("map.changed"));
    expect(stranger.messages.some((m) => m.type === "activity")).toBe(false);
    for (const s of [tab1, tab2, stranger]) s.close();
  });

  it("closes the sockets of a session that has ended", async () => {
    const player = await signUp(t);
    const live = await openLive(t.app, player.token);
    await live.next(isType("ready"));
    await t.call("POST", "/api/v1/users/logout", { token: player.token });
    await t.app.live.hub.checkSessions();
    expect(await live.closed).toBe(4401);
  });

  it("refuses a payload that does not fit the event it claims to be", async () => {
    const player = await signUp(t);
    await expect(
      recordActivity(t.app.deps.db, player.userId, "bid.accepted", { bidId: "x" } as never),
    ).rejects.toThrow();
  });
});

describe("GET /api/v1/users/activities and POST /api/v1/users/activities/read", () => {
  it("pages the player's feed newest first, counts the unread, and marks all read", async () => {
    const player = await signUp(t);
    const other = await signUp(t);
    for (let i = 1; i <= 5; i += 1) {
      await recordActivity(t.app.deps.db, player.userId, "payout.paid", {
        payoutId: `po_${i}`,
        amount: i,
        instant: i % 2 === 0,
      });
    }
    await recordActivity(t.app.deps.db, other.userId, "payout.paid", {
      payoutId: "po_x",
      amount: 9,
      instant: false,
    });

    const first = await t.call("GET", "/api/v1/users/activities?limit=2&offset=0", { token: player.token });
    expect(first.statusCode).toBe(200);
    const page = first.json().data;
    expect(page).toMatchObject({ totalCount: 5, unreadCount: 5 });
    expect(page.activities.map((a: { payload: { payoutId: string } }) => a.payload.payoutId)).toEqual([
      "po_5",
      "po_4",
    ]);
    expect(page.activities[0]).toMatchObject({ type: "payout.paid", readAt: null });
    const last = (
      await t.call("GET", "/api/v1/users/activities?limit=2&offset=4", { token: player.token })
    ).json().data;
    expect(last.activities).toHaveLength(1);

    const one = await t.call("POST", "/api/v1/users/activities/read", {
      token: player.token,
      body: { ids: [page.activities[0].id] },
    });
    expect(one.json().data).toEqual({ marked: 1, unreadCount: 4 });
    const all = await t.call("POST", "/api/v1/users/activities/read", { token: player.token });
    expect(all.json().data).toEqual({ marked: 4, unreadCount: 0 });
    const after = (await t.call("GET", "/api/v1/users/activities", { token: player.token })).json().data;
    expect(after.unreadCount).toBe(0);
    expect(after.activities[0].readAt).toEqual(expect.any(String));
    // Someone else's feed is untouched.
    const theirs = (await t.call("GET", "/api/v1/users/activities", { token: other.token })).json().data;
    expect(theirs).toMatchObject({ totalCount: 1, unreadCount: 1 });
  });

  it("asks for a sign-in and names bad paging", async () => {
    expect((await t.call("GET", "/api/v1/users/activities")).statusCode).toBe(401);
    const player = await signUp(t);
    const res = await t.call("GET", "/api/v1/users/activities?limit=0", { token: player.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("limit");
    const bad = await t.call("POST", "/api/v1/users/activities/read", {
      token: player.token,
      body: { ids: ["nope"] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("ids");
  });
});

/** Two server instances on one database, each with its own listener, as behind a load balancer. */
async function twoInstances(first: Database, second: Database) {
  const config = testConfig();
  const apps: FastifyInstance[] = [];
  for (const database of [first, second]) {
    const app = await buildApp({ config, database });
    await app.ready();
    apps.push(app);
  }
  return apps as [FastifyInstance, FastifyInstance];
}

async function crossInstanceDelivery(a: FastifyInstance, b: FastifyInstance) {
  await importSampleCity(a.deps.db);
  const buyer = await signUpOn(a);
  const seller = await signUpOn(b);
  const onB = await openLive(b, seller.token);
  await onB.next(isType("ready"));
  await giveBuilding(a.deps.db, "way/1", buyer.userId, 100_000);
  // A change made through instance A reaches a socket held by instance B.
  await a.deps.db.transaction(async (tx) => {
    await tx
      .update(properties)
      .set({ forSale: true, askCents: 100_000 })
      .where(eq(properties.buildingId, "way/1"));
    const { publishBuilding } = await import("../buildings/publish-building");
    await publishBuilding(tx, "building.listed", "way/1");
    await recordActivity(tx, seller.userId, "bid.declined", {
      bidId: "1f4f7c1e-2d0a-4d4f-9a53-0d6f0b7f9e21",
      buildingId: "way/1",
      propertyName: "Test Tower",
      bidAmount: 1500,
    });
  });
  const listed = await onB.next(isEvent("building.listed", "way/1"));
  expect(listed.event).toMatchObject({ ownerId: buyer.userId, forSale: true });
  const activity = await onB.next(isType("activity"));
  expect(activity.activity).toMatchObject({ type: "bid.declined", payload: { bidAmount: 1500 } });
  onB.close();
}

async function signUpOn(app: FastifyInstance) {
  return signUp({
    app,
    close: async () => {},
    call: (method, url, { body, token } = {}) =>
      app.inject({
        method,
        url,
        headers: {
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      }),
  });
}

const pgUrl = process.env.DATABASE_URL?.startsWith("postgres")
  ? process.env.DATABASE_URL
  : "postgres://postgres@127.0.0.1:5432/test";
const probe = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2000 });
/** The PostgreSQL case runs wherever a server is reachable (locally, in CI), and is skipped elsewhere. */
const reachable = await probe.connect().then(
  () => probe.end().then(() => true),
  () => false,
);

describe("two server instances", () => {
  it("share events through one embedded database (PGlite, in-process)", async () => {
    const { database, drop } = await createTestDatabase("memory://");
    const [a, b] = await twoInstances(database, database);
    try {
      await crossInstanceDelivery(a, b);
    } finally {
      await a.close();
      await b.close();
      await drop();
    }
  });

  it.skipIf(!reachable)(
    "share events through PostgreSQL LISTEN/NOTIFY, each on its own connections",
    async () => {
      const { database, url, drop } = await createTestDatabase(pgUrl);
      const second = await openDatabase({ kind: "postgres", url: url ?? "" });
      const [a, b] = await twoInstances(database, second);
      try {
        await crossInstanceDelivery(a, b);
        // And the other way round.
        const onA = await openLive(a, (await signUpOn(a)).token);
        await onA.next(isType("ready"));
        await publishPublic(b.deps.db, { type: "map.changed" });
        await onA.next(isEvent("map.changed"));
        onA.close();
      } finally {
        await a.close();
        await b.close();
        await second.close();
        await drop();
      }
    },
  );
});
