import type { PlayerProfileData } from "@mx/shared/schemas/players";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../config";
import { properties } from "../../db/schema/buildings";
import { users } from "../../db/schema/users";
import { giveBuilding, importSampleCity, recordTrade } from "../../test/buildings";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { deleteAccount } from "../users/delete-account";

type Player = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let owner: Player;
let seller: Player;
const db = () => t.app.deps.db;
const DAY = 86_400_000;

/** No token: the profile is public. */
const profile = (userName: string) => t.call("GET", `/api/v1/players/${encodeURIComponent(userName)}`);
const found = async (userName: string) => {
  const res = await profile(userName);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PlayerProfileData;
};

/** A resale as the trades table has it: `sellerId` sold the building to `buyerId`. */
async function recordResale(
  buildingId: string,
  sellerId: string,
  buyerId: string,
  priceCents: number,
  at: Date,
) {
  await db().execute(sql`insert into trades (id, building_id, neighborhood, floor_area_sqft, price_cents, at, kind,
      seller_id, buyer_id)
    select gen_random_uuid(), b.id, b.neighborhood, b.floor_area_sqft, ${priceCents}, ${at.toISOString()}::timestamptz,
      'resale', ${sellerId}::uuid, ${buyerId}::uuid
    from buildings b where b.id = ${buildingId}`);
}

beforeAll(async () => {
  t = await createTestApp();
  await importSampleCity(db());
  owner = await signUp(t, { userName: `Ada_${Date.now()}` });
  seller = await signUp(t);
  // The owner holds two buildings: the tower, developed twice and listed, and the block they bought from `seller`.
  await giveBuilding(db(), "way/1", owner.userId, 500_000, { askCents: 650_000 });
  await db().update(properties).set({ developmentLevel: 2 }).where(eq(properties.buildingId, "way/1"));
  await giveBuilding(db(), "way/2", owner.userId, 120_000);
  await recordTrade(db(), "way/1", owner.userId, 500_000, new Date(Date.now() - 3 * DAY));
  await recordTrade(db(), "way/2", seller.userId, 100_000, new Date(Date.now() - 2 * DAY));
  await recordResale("way/2", seller.userId, owner.userId, 120_000, new Date(Date.now() - DAY));
});
afterAll(() => t.close());

describe("GET /players/:userName", () => {
  it("shows a player's colour, join date, holdings and buildings to anyone, signed in or not", async () => {
    const data = await found(owner.userName);
    expect(data.userName).toBe(owner.userName);
    expect(data.buildingColor).toMatch(/^#[0-9a-f]{6}$/i);
    expect(Date.now() - Date.parse(data.joinedAt)).toBeLessThan(60_000);
    expect(data.holdings).toEqual({ count: 2, totalValueCents: 620_000 });
    expect(data.holdingsHidden).toBe(false);
    // The most valuable first; a listed one with its ask, its value never the ask.
    expect(data.buildings).toEqual([
      {
        buildingId: "way/1",
        name: "Test Tower",
        valueCents: 500_000,
        location: { lat: expect.closeTo(40.7484, 3), lng: expect.closeTo(-73.9857, 3) },
        developmentLevel: 2,
        forSale: true,
        askCents: 650_000,
      },
      expect.objectContaining({ buildingId: "way/2", valueCents: 120_000, forSale: false, askCents: null }),
    ]);
  });

  it("counts holdings as the leaderboard counts them", async () => {
    const res = await t.call("GET", `/api/v1/properties/leading-board?name=${owner.userName}`, {
      token: seller.token,
    });
    const [entry] = res.json().data.rankedResponse;
    const data = await found(owner.userName);
    expect(data.holdings.count).toBe(entry.numberOfProperties);
    expect(data.holdings.totalValueCents).toBe(Math.round(entry.totalPropertyPrice * 100));
  });

  it("finds the player whatever the case of the name", async () => {
    expect((await found(owner.userName.toUpperCase())).userName).toBe(owner.userName);
    expect((await found(owner.userName.toLowerCase())).userName).toBe(owner.userName);
  });

  it("lists the trades the player bought or sold in, newest first", async () => {
    expect((await found(owner.userName)).recentTrades).toEqual([
      {
        buildingId: "way/2",
        name: "10 West 33rd Street",
        priceCents: 120_000,
        at: expect.any(Number),
        side: "bought",
      },
      {
        buildingId: "way/1",
        name: "Test Tower",
        priceCents: 500_000,
        at: expect.any(Number),
        side: "bought",
      },
    ]);
    const sellerTrades = (await found(seller.userName)).recentTrades;
    expect(sellerTrades.map((trade) => [trade.buildingId, trade.side, trade.priceCents])).toEqual([
      ["way/2", "sold", 120_000],
      ["way/2", "bought", 100_000],
    ]);
    expect((await found(seller.userName)).holdings).toEqual({ count: 0, totalValueCents: 0 });
  });

  it("keeps only the 20 latest trades", async () => {
    for (let i = 0; i < 22; i++) {
      await recordTrade(db(), "way/3", seller.userId, 1_000 + i, new Date(Date.now() - 10 * DAY + i * 1000));
    }
    const trades = (await found(seller.userName)).recentTrades;
    expect(trades).toHaveLength(20);
    expect(trades[0]?.buildingId).toBe("way/2");
    expect(trades.map((trade) => trade.at)).toEqual(
      [...trades.map((trade) => trade.at)].sort((a, b) => b - a),
    );
  });

  it("answers 404 with a clear message for a name no player has", async () => {
    const res = await profile("nobody_by_this_name");
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("No player by that name.");
  });

  it("answers 400 naming the field for a malformed name", async () => {
    for (const bad of ["not a name!", "x".repeat(31), "a/b"]) {
      const res = await profile(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/userName/);
    }
  });

  it("finds a name an operator reset only by its new one", async () => {
    const renamed = await signUp(t);
    await db().update(users).set({ userName: "player-a1b2c3" }).where(eq(users.id, renamed.userId));
    expect((await profile(renamed.userName)).statusCode).toBe(404);
    expect((await found("player-a1b2c3")).userName).toBe("player-a1b2c3");
  });

  it("answers 404 for a deleted player", async () => {
    const leaving = await signUp(t);
    expect((await profile(leaving.userName)).statusCode).toBe(200);
    await deleteAccount(t.app.deps, leaving.userId);
    const res = await profile(leaving.userName);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("No player by that name.");
  });
});

describe("hiding holdings", () => {
  const setHidden = (player: Player, hideHoldings: boolean) =>
    t.call("PUT", "/api/v1/users/", { token: player.token, body: { hideHoldings } });

  it("leaves the list out but keeps the count and value, until the player shows it again", async () => {
    const res = await setHidden(owner, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.data.hideHoldings).toBe(true);
    const hidden = await found(owner.userName);
    expect(hidden.holdingsHidden).toBe(true);
    expect(hidden).not.toHaveProperty("buildings");
    expect(hidden.holdings).toEqual({ count: 2, totalValueCents: 620_000 });
    // Trades are public in the market's ticker already.
    expect(hidden.recentTrades).toHaveLength(2);
    const own = await t.call("GET", "/api/v1/users/profile", { token: owner.token });
    expect(own.json().data.hideHoldings).toBe(true);

    expect((await setHidden(owner, false)).statusCode).toBe(200);
    const shown = await found(owner.userName);
    expect(shown.holdingsHidden).toBe(false);
    expect(shown.buildings).toHaveLength(2);
  });

  it("is off for a new player", async () => {
    const fresh = await signUp(t);
    const own = await t.call("GET", "/api/v1/users/profile", { token: fresh.token });
    expect(own.json().data.hideHoldings).toBe(false);
  });

  it("refuses a setting that is not true or false", async () => {
    const res = await t.call("PUT", "/api/v1/users/", { token: owner.token, body: { hideHoldings: "yes" } });
    expect(res.statusCode).toBe(400);
  });
});

describe("the per-address limit", () => {
  it("counts profile reads like every public read: past it, 429 saying when to come back", async () => {
    const limited = await createTestApp({ rateLimit: { ...testConfig().rateLimit, max: 3 } });
    try {
      const read = () => limited.call("GET", "/api/v1/players/nobody_by_this_name");
      for (let i = 0; i < 3; i++) expect((await read()).statusCode).toBe(404);
      const refused = await read();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
