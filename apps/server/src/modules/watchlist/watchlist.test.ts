import { randomUUID } from "node:crypto";
import { WATCHLIST_MAX } from "@mx/shared/constants";
import type { WatchedBuilding } from "@mx/shared/schemas/watchlist";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bids } from "../../db/schema/bids";
import { buildings } from "../../db/schema/buildings";
import { watchlist } from "../../db/schema/watchlist";
import { collection, giveBuilding, osmFeature, recordTrade } from "../../test/buildings";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { importBuildings } from "../buildings/import-buildings";
import { parseFootprints } from "../buildings/parse-footprints";
import { deleteAccount } from "../users/delete-account";
import { WATCHLIST_FULL } from "./watch-building";

type Player = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let owner: Player;
const db = () => t.app.deps.db;
const DAY = 86_400_000;
/** Enough made-up buildings to fill a watchlist and try a few more. */
const EXTRA = 5;
const id = (i: number) => `way/${1000 + i}`;
const ids = Array.from({ length: WATCHLIST_MAX + EXTRA }, (_, i) => id(i));

const call = (method: "GET" | "POST" | "DELETE", url: string, token?: string, body?: unknown) =>
  t.call(method, `/api/v1/users/watchlist${url}`, { token, body });
const watch = (player: Player, buildingId: string) => call("POST", "", player.token, { buildingId });
const list = async (player: Player) => {
  const res = await call("GET", "", player.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.buildings as WatchedBuilding[];
};

beforeAll(async () => {
  t = await createTestApp();
  const city = collection(
    ids.map((id, i) =>
      osmFeature(id, -73.99 + (i % 20) * 0.001, 40.74 + Math.floor(i / 20) * 0.001, {
        name: `Watch House ${i}`,
        levels: 5,
        addr_housenumber: String(i + 1),
        addr_street: "West 33rd Street",
      }),
    ),
  );
  const { records, format } = parseFootprints(city);
  await importBuildings(db(), records, format);
  await db()
    .update(buildings)
    .set({ neighborhood: "Midtown-Times Square" })
    .where(eq(buildings.id, id(0)));
  owner = await signUp(t);
  // The first building: owned, for sale, with a bid and a trade.
  await giveBuilding(db(), id(0), owner.userId, 40_000, { askCents: 50_000 });
  await recordTrade(db(), id(0), owner.userId, 40_000, new Date(Date.now() - DAY));
  const bidder = await signUp(t);
  await db()
    .insert(bids)
    .values({
      id: randomUUID(),
      buildingId: id(0),
      bidderId: bidder.userId,
      ownerId: owner.userId,
      amountCents: 45_000,
      totalCents: 45_899,
      status: "pending",
      expiresAt: new Date(Date.now() + DAY),
    });
}, 120_000);
afterAll(() => t.close());

describe("the watchlist", () => {
  it("watches a building and lists it with its price, ask, best bid, last trade and owner", async () => {
    const player = await signUp(t);
    const res = await watch(player, id(0));
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      buildingId: ids[0],
      name: "Watch House 0",
      address: "1 West 33rd Street",
      neighborhood: "Midtown-Times Square",
      price: 500,
      value: 400,
      ask: 500,
      forSale: true,
      frozen: false,
      bestBid: 450,
      lastTrade: { price: 400, at: expect.any(Number) },
      ownerName: owner.userName,
      location: { lat: expect.any(Number), lng: expect.any(Number) },
      watchedAt: expect.any(Number),
    };
    expect(res.json().data).toEqual(expected);
    const [entry] = await list(player);
    expect(entry).toEqual(expected);
    expect(Math.abs((entry?.watchedAt ?? 0) - Date.now() / 1000)).toBeLessThan(5);
  });

  it("lists the newest watched first, and nulls what an unowned, unbid, untraded building lacks", async () => {
    const player = await signUp(t);
    for (const n of [1, 2, 3]) expect((await watch(player, id(n))).statusCode).toBe(200);
    // Watched a day, an hour and a minute ago, in an order of their own.
    const ago = { 1: 3_600_000, 2: DAY, 3: 60_000 };
    for (const [n, ms] of Object.entries(ago)) {
      await db()
        .update(watchlist)
        .set({ createdAt: new Date(Date.now() - ms) })
        .where(and(eq(watchlist.userId, player.userId), eq(watchlist.buildingId, id(Number(n)))));
    }
    const rows = await list(player);
    expect(rows.map((r) => r.buildingId)).toEqual([ids[3], ids[1], ids[2]]);
    expect(rows[0]).toMatchObject({
      ask: null,
      forSale: false,
      frozen: false,
      bestBid: null,
      lastTrade: null,
      ownerName: null,
    });
  });

  it("watches a building twice as once", async () => {
    const player = await signUp(t);
    const first = await watch(player, id(4));
    const again = await watch(player, id(4));
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(await list(player)).toHaveLength(1);
  });

  it("unwatches, and unwatching what is not watched is fine too, but not a building that does not exist", async () => {
    const player = await signUp(t);
    await watch(player, id(5));
    const res = await call("DELETE", `/${encodeURIComponent(id(5))}`, player.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ buildingId: ids[5], watching: false });
    expect(await list(player)).toEqual([]);
    expect((await call("DELETE", `/${encodeURIComponent(id(5))}`, player.token)).statusCode).toBe(200);
    const unknown = await call("DELETE", `/${encodeURIComponent("way/nope")}`, player.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("No building with id way/nope.");
  });

  it("answers 404 for an unknown building and 400 naming the field for a bad body", async () => {
    const player = await signUp(t);
    const unknown = await watch(player, "way/nope");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("No building with id way/nope.");
    const bad = await call("POST", "", player.token, { buildingId: 12 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("buildingId");
    const extra = await call("POST", "", player.token, { buildingId: ids[0], note: "x" });
    expect(extra.statusCode).toBe(400);
  });

  it("is for signed-in players only", async () => {
    expect((await call("GET", "")).statusCode).toBe(401);
    expect((await call("POST", "", undefined, { buildingId: ids[0] })).statusCode).toBe(401);
    expect((await call("DELETE", `/${encodeURIComponent(id(0))}`)).statusCode).toBe(401);
  });
});

describe("the watchlist's cap", () => {
  const fill = async (player: Player) => {
    await db()
      .insert(watchlist)
      .values(ids.slice(0, WATCHLIST_MAX - 1).map((buildingId) => ({ userId: player.userId, buildingId })));
  };

  it(`refuses a building past ${WATCHLIST_MAX}, but not one already watched`, async () => {
    const player = await signUp(t);
    await fill(player);
    expect((await watch(player, id(WATCHLIST_MAX - 1))).statusCode).toBe(200);
    const over = await watch(player, id(WATCHLIST_MAX));
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(WATCHLIST_FULL);
    expect(WATCHLIST_FULL).toBe("You watch 200 buildings, the most there can be: unwatch one first.");
    expect((await watch(player, id(0))).statusCode).toBe(200);
  });

  it("holds under parallel requests at the cap", async () => {
    const player = await signUp(t);
    await fill(player);
    const results = await Promise.all(ids.slice(WATCHLIST_MAX - 1).map((id) => watch(player, id)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await list(player)).toHaveLength(WATCHLIST_MAX);
  });
});

describe("deleting an account", () => {
  it("clears its watchlist", async () => {
    const player = await signUp(t);
    await watch(player, id(0));
    await watch(player, id(1));
    await deleteAccount(t.app.deps, player.userId);
    const rows = await db().select().from(watchlist).where(eq(watchlist.userId, player.userId));
    expect(rows).toEqual([]);
  });
});
