import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { testConfig } from "../../config";
import { buildings, neighborhoods, properties } from "../../db/schema/buildings";
import { importSampleCity } from "../../test/buildings";
import { addCard } from "../../test/cards";
import { createTestDatabase } from "../../test/database";
import { signUp, type TestApp, testAppOf } from "../../test/harness";
import { connectedPlayer } from "../../test/payouts";

/**
 * The market's cached reads on two instances of one database, as behind a load balancer: B makes every change,
 * A stands for another process (it hears B's changes only through the live channel).
 */
type Player = Awaited<ReturnType<typeof signUp>>;
let a: TestApp;
let b: TestApp;
let drop: () => Promise<void>;
let seller: Player;
let viewer: Player;
const HOOD = "Cache Heights";

beforeAll(async () => {
  const made = await createTestDatabase();
  drop = made.drop;
  const config = testConfig();
  const appA = await buildApp({ config, database: made.database, hearsThisProcess: false });
  const appB = await buildApp({ config, database: made.database });
  await appA.ready();
  await appB.ready();
  a = testAppOf(appA, () => appA.close());
  b = testAppOf(appB, () => appB.close());
  const db = b.app.deps.db;
  await importSampleCity(db);
  await db.insert(neighborhoods).values({ code: "MN9901", name: HOOD, kind: 0, lat: 40.75, lng: -73.99 });
  await db.update(buildings).set({ neighborhood: HOOD });
  seller = await connectedPlayer(b);
  viewer = await signUp(b);
  await addCard(b, seller.token);
});
afterAll(async () => {
  await a.close();
  await b.close();
  await drop();
});

const LISTINGS = `/api/v1/market/listings?neighborhood=${encodeURIComponent(HOOD)}&sort=price`;
const TRADES = `/api/v1/market/trades?neighborhood=${encodeURIComponent(HOOD)}`;
const INDEX = `/api/v1/market/index?neighborhood=${encodeURIComponent(HOOD)}&days=7`;

const read = async (t: TestApp, url: string) => {
  const res = await t.call("GET", url, { token: viewer.token });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const listed = async (t: TestApp) =>
  (await read(t, LISTINGS)).json().data.listings as { buildingId: string; bidCount: number; price: number }[];
const tradeCount = async (t: TestApp) => (await read(t, TRADES)).json().data.totalCount as number;
const todaysTrades = async (t: TestApp) => {
  const days = (await read(t, INDEX)).json().data.days as { trades: number }[];
  return days.at(-1)?.trades ?? 0;
};

/** Within 2 s, as the market promises another instance. */
async function within2s(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 2000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within 2 s on the other instance: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const post = (t: TestApp, url: string, token: string, body: unknown) =>
  t.call("POST", `/api/v1${url}`, { token, body });

describe("the market's cached reads", () => {
  let baseCents = 0;
  let bidId = "";

  it("answers the same bytes cached as fresh, on both instances", async () => {
    for (const url of [LISTINGS, TRADES, INDEX]) {
      const first = await read(a, url);
      const cached = await read(a, url);
      expect(cached.body).toBe(first.body);
      expect(cached.headers.etag).toBe(first.headers.etag);
      // Built again from the database: the same bytes.
      a.app.hot.market.clear();
      const fresh = await read(a, url);
      expect(fresh.body).toBe(first.body);
      expect((await read(b, url)).body).toBe(first.body);
    }
    expect(a.app.hot.market.hits).toBeGreaterThan(0);
  });

  it("keeps an answer until a change it shows is announced", async () => {
    expect(await listed(a)).toEqual([]);
    // Behind the caches' back: nothing announced, so the cached answer stands for now …
    await b.app.deps.db
      .update(properties)
      .set({ forSale: true, askCents: 100_000 })
      .where(eq(properties.buildingId, "way/2"));
    expect(await listed(a)).toEqual([]);
    // … and is given up within 2 s even so.
    await within2s(async () => (await listed(a)).length === 1, "an unannounced listing");
    await b.app.deps.db.update(properties).set({ forSale: false }).where(eq(properties.buildingId, "way/2"));
    await within2s(async () => (await listed(a)).length === 0, "an unannounced unlisting");
  });

  it("shows a purchase from the game in trades and the index at once, and on the other instance", async () => {
    const [way1] = await b.app.deps.db
      .select({ base: buildings.basePriceCents })
      .from(buildings)
      .where(eq(buildings.id, "way/1"));
    baseCents = way1?.base ?? 0;
    const tradesBefore = await tradeCount(a);
    expect(await tradeCount(b)).toBe(tradesBefore);
    const todayBefore = await todaysTrades(b);
    await todaysTrades(a);
    const bought = await post(b, "/properties/buy", seller.token, {
      buildingId: "way/1",
      bidAmount: baseCents / 100,
      isApplePay: false,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await tradeCount(b)).toBe(tradesBefore + 1);
    expect(await todaysTrades(b)).toBe(todayBefore + 1);
    await within2s(async () => (await tradeCount(a)) === tradesBefore + 1, "the purchase in trades");
    await within2s(async () => (await todaysTrades(a)) === todayBefore + 1, "the purchase in the index");
  });

  it("shows a new ask at once, and on the other instance", async () => {
    expect(await listed(a)).toEqual([]);
    expect(await listed(b)).toEqual([]);
    const ask = await post(b, "/properties/place-ask", seller.token, {
      propertyId: "way/1",
      bidAmount: (baseCents + 10_000) / 100,
    });
    expect(ask.statusCode, ask.body).toBe(200);
    expect((await listed(b)).map((l) => l.buildingId)).toEqual(["way/1"]);
    await within2s(async () => (await listed(a)).length === 1, "the ask");
  });

  it("shows a bid's count and amount at once, and on the other instance", async () => {
    const bidder = await signUp(b);
    await addCard(b, bidder.token);
    expect((await listed(a))[0]?.bidCount).toBe(0);
    const bid = await post(b, "/properties/submit-bid", bidder.token, {
      propertyId: "way/1",
      bidAmount: (baseCents + 11_000) / 100,
      isApplePay: false,
    });
    expect(bid.statusCode, bid.body).toBe(200);
    bidId = bid.json().data.bid.bidId;
    expect((await read(b, LISTINGS)).json().data.listings[0]).toMatchObject({
      bidCount: 1,
      bestBid: (baseCents + 11_000) / 100,
    });
    await within2s(async () => (await listed(a))[0]?.bidCount === 1, "the bid");
  });

  it("drops a sold building and shows the resale at once, and on the other instance", async () => {
    const trades = await tradeCount(a);
    expect(await tradeCount(b)).toBe(trades);
    const accepted = await post(b, "/properties/accept-bid", seller.token, { bidId });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await listed(b)).toEqual([]);
    expect(await tradeCount(b)).toBe(trades + 1);
    await within2s(async () => (await listed(a)).length === 0, "the sale in listings");
    await within2s(async () => (await tradeCount(a)) === trades + 1, "the resale in trades");
  });

  it("drops a cancelled sale at once, and on the other instance", async () => {
    const bought = await post(b, "/properties/buy", seller.token, {
      buildingId: "way/3",
      bidAmount:
        ((
          await b.app.deps.db
            .select({ base: buildings.basePriceCents })
            .from(buildings)
            .where(eq(buildings.id, "way/3"))
        )[0]?.base ?? 0) / 100,
      isApplePay: false,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const ask = await post(b, "/properties/place-ask", seller.token, {
      propertyId: "way/3",
      bidAmount: 9_999,
    });
    expect(ask.statusCode, ask.body).toBe(200);
    expect((await listed(b)).map((l) => l.buildingId)).toEqual(["way/3"]);
    await within2s(async () => (await listed(a)).length === 1, "the second ask");
    const cancelled = await post(b, "/properties/cancel-sale", seller.token, { propertyId: "way/3" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await listed(b)).toEqual([]);
    await within2s(async () => (await listed(a)).length === 0, "the cancelled sale");
  });
});
