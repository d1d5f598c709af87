import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildings, neighborhoods, properties } from "../../db/schema/buildings";
import { developments } from "../../db/schema/developments";
import { collection, osmFeature } from "../../test/buildings";
import { addCard } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { moneyProblems } from "../../test/money";
import { giveCredits } from "../../test/offerwall";
import { onboard } from "../../test/payouts";
import { importBuildings } from "../buildings/import-buildings";
import { parseFootprints } from "../buildings/parse-footprints";
import { announceCompletions } from "../developments/construction";
import { accounts, balanceOf } from "../ledger/ledger";

/*
 * Issue 39's cases, one each: a development on the statement and in the portfolio, the name a building had when
 * the money moved, an ask that moves no value, and a development that is no sale.
 */

let t: TestApp;
const db = () => t.app.deps.db;
const HOOD = "Test Heights";
type Player = Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  const { records, format } = parseFootprints(
    collection([
      osmFeature("way/701", -73.95, 40.8, { name: "Original Tower", levels: 10 }),
      osmFeature("way/702", -73.951, 40.8, { addr_housenumber: "2", addr_street: "Case Street", levels: 6 }),
      osmFeature("way/703", -73.952, 40.8, { name: "Ask Tower", levels: 8 }),
    ]),
  );
  await importBuildings(db(), records, format);
  await db().insert(neighborhoods).values({ code: "MN9901", name: HOOD, kind: 0, lat: 40.8, lng: -73.95 });
  await db().update(buildings).set({ neighborhood: HOOD }).where(sql`${buildings.id} like 'way/70%'`);
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PUT", url: string, token: string, body?: unknown) =>
  t.call(method, `/api/v1${url}`, { token, body });
const year = new Date().getUTCFullYear();

async function owner(): Promise<Player> {
  const p = await signUp(t);
  await addCard(t, p.token);
  return p;
}

async function buy(p: Player, buildingId: string) {
  const [row] = await db().select().from(properties).where(eq(properties.buildingId, buildingId));
  const res = await api("POST", "/properties/buy", p.token, {
    buildingId,
    bidAmount: (row?.priceCents ?? 0) / 100,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function finishConstruction(buildingId: string) {
  // Now: the construction ends after it began (and after the purchase before it), as it does in time.
  const past = sql`now()`;
  await db()
    .update(developments)
    .set({ completesAt: past })
    .where(and(eq(developments.buildingId, buildingId), eq(developments.state, "constructing")));
  await db().update(properties).set({ constructingUntil: past }).where(eq(properties.buildingId, buildingId));
  await announceCompletions(t.app.deps);
  t.app.hot.clear();
}

describe("a development, on the statement and in the portfolio", () => {
  let p: Player;
  beforeAll(async () => {
    p = await owner();
    await giveCredits(t, p.userId, 5_000);
    await buy(p, "way/701");
    // The owner's name for it while the money moves: one a spreadsheet would read as a formula.
    expect(
      (await api("PUT", "/buildings", p.token, { buildingId: "way/701", name: "=1+2 Tower" })).statusCode,
    ).toBe(200);
    const developed = await api("POST", "/properties/develop", p.token, {
      propertyId: "way/701",
      kind: "facade",
      credits: 20,
    });
    expect(developed.statusCode, developed.body).toBe(200);
    // Renamed afterwards: the rows already written keep the name the building had then.
    expect(
      (await api("PUT", "/buildings", p.token, { buildingId: "way/701", name: "Later Name" })).statusCode,
    ).toBe(200);
  });

  it("is a row of its own with its card, fees and tax, its credits saying what they paid for", async () => {
    const res = await api("GET", `/users/statement?year=${year}`, p.token);
    expect(res.statusCode, res.body).toBe(200);
    const { rows, totals } = res.json().data;
    expect(rows.map((r: { kind: string }) => r.kind)).toEqual([
      "credits-earned",
      "purchase",
      "credits-spent",
      "development",
    ]);
    const [, purchase, credits, development] = rows;
    expect(purchase).toMatchObject({ building: "Original Tower", buildingId: "way/701", fees: 6, tax: 2.99 });
    expect(credits).toMatchObject({
      kind: "credits-spent",
      credits: -20,
      building: "=1+2 Tower",
      description: "Credits spent on Facade renovation (level 1) of =1+2 Tower",
    });
    const [dev] = await db().select().from(developments).where(eq(developments.buildingId, "way/701"));
    expect(development).toMatchObject({
      building: "=1+2 Tower",
      card: -((dev?.totalCents ?? 0) - 2_000) / 100,
      credits: 0,
      fees: 6,
      tax: 2.99,
      earnings: 0,
    });
    expect(totals).toMatchObject({ fees: 12, tax: 5.98, credits: 30 });

    const csv = await api("GET", `/users/statement?year=${year}&format=csv`, p.token);
    const lines = csv.body.trim().split("\r\n");
    expect(lines).toHaveLength(5);
    expect(csv.body).not.toMatch(/way\/701/);
    expect(lines[4]).toContain(",'=1+2 Tower,");
  });

  it("is invested in the holding, in everything paid, in the fees and tax, and shown while it is built", async () => {
    const res = await api("GET", "/users/portfolio", p.token);
    expect(res.statusCode, res.body).toBe(200);
    const { holdings, totals, years } = res.json().data;
    const [dev] = await db().select().from(developments).where(eq(developments.buildingId, "way/701"));
    const devTotal = (dev?.totalCents ?? 0) / 100;
    expect(holdings).toHaveLength(1);
    const h = holdings[0];
    expect(h.purchase).toMatchObject({ fee: 6, tax: 2.99, credits: 0 });
    expect(h.developments).toEqual([
      expect.objectContaining({
        kind: "facade",
        level: 1,
        cost: (dev?.costCents ?? 0) / 100,
        fee: 6,
        tax: 2.99,
        total: devTotal,
        credits: 20,
        constructing: true,
      }),
    ]);
    expect(h.invested).toBe(devTotal);
    expect(h.paid).toBe(Math.round((h.purchase.total + devTotal) * 100) / 100);
    expect(h.unrealised).toBe(Math.round((h.value - 5 - h.paid) * 100) / 100);
    expect(totals).toMatchObject({ fees: 12, tax: 5.98, creditsSpent: 20, invested: devTotal, paid: h.paid });
    const statement = (await api("GET", `/users/statement?year=${year}`, p.token)).json().data;
    expect(years).toEqual([{ year, ...statement.totals }]);

    // Once built, the value has risen by the cost, and the holding says it is finished.
    await finishConstruction("way/701");
    const after = (await api("GET", "/users/portfolio", p.token)).json().data.holdings[0];
    expect(after.value).toBe(Math.round((h.value + (dev?.costCents ?? 0) / 100) * 100) / 100);
    expect(after.developments[0]).toMatchObject({ constructing: false, completesAt: null });
    expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
  });
});

describe("an ask", () => {
  it("moves neither the leaderboard's value, nor a development's cost, nor the worth; bids must beat it", async () => {
    const p = await owner();
    await onboard(t, p.token);
    await buy(p, "way/703");
    t.app.hot.clear();
    const board = async () =>
      (await api("GET", "/properties/leading-board?limit=100", p.token))
        .json()
        .data.rankedResponse.find((e: { _id: string }) => e._id === p.userId)?.totalPropertyPrice;
    const costs = async () =>
      (await api("GET", "/properties/developments?propertyId=way/703", p.token))
        .json()
        .data.options.map((o: { price: number }) => o.price);
    const before = { board: await board(), costs: await costs() };
    const [row] = await db().select().from(properties).where(eq(properties.buildingId, "way/703"));
    const value = (row?.priceCents ?? 0) / 100;
    const ask = Math.round(value * 5 * 100) / 100;

    expect(
      (await api("POST", "/properties/place-ask", p.token, { propertyId: "way/703", bidAmount: ask }))
        .statusCode,
    ).toBe(200);
    t.app.hot.clear();
    expect(await board()).toBe(before.board);
    expect(await costs()).toEqual(before.costs);
    const details = (await api("GET", "/properties/checkPropertyDetails?text=way/703", p.token)).json().data
      .propertyDetails[0];
    expect(details).toMatchObject({ price: ask, ask, value, forSale: true });
    const mine = (await api("GET", "/users/portfolio", p.token)).json().data;
    expect(mine.totals.value).toBe(value);
    expect(mine.holdings[0]).toMatchObject({ value, ask, netIfSoldAtAsk: Math.round((ask - 5) * 100) / 100 });

    // A bid must beat the ask, not the value.
    const bidder = await owner();
    const low = await api("POST", "/properties/submit-bid", bidder.token, {
      propertyId: "way/703",
      bidAmount: value + 1,
      isApplePay: false,
    });
    expect(low.statusCode).toBe(400);
    // Taken off the market, its value is what it was.
    expect(
      (await api("POST", "/properties/cancel-sale", p.token, { propertyId: "way/703" })).statusCode,
    ).toBe(200);
    const [after] = await db().select().from(properties).where(eq(properties.buildingId, "way/703"));
    expect(after).toMatchObject({ priceCents: row?.priceCents, forSale: false, askCents: null });
  });
});

describe("a development", () => {
  it("is a marked point in the price history and no sale in the neighbourhood's sales or the trades", async () => {
    const p = await owner();
    await buy(p, "way/702");
    expect(
      (await api("POST", "/properties/develop", p.token, { propertyId: "way/702", kind: "facade" }))
        .statusCode,
    ).toBe(200);
    await finishConstruction("way/702");

    const history = (await api("GET", "/properties/price-history?buildingId=way/702", p.token)).json().data
      .priceHistory;
    expect(history.map((h: { kind: string }) => h.kind)).toEqual(["trade", "development"]);
    expect(history[1].bidAmount).toBeGreaterThan(history[0].bidAmount);

    const detail = (
      await t.call("GET", `/api/v1/neighborhoods/detail?name=${encodeURIComponent(HOOD)}`)
    ).json().data;
    const sales = detail.lastSales.filter((s: { buildingId: string }) => s.buildingId === "way/702");
    expect(sales.map((s: { price: number }) => s.price)).toEqual([history[0].bidAmount]);
    const trades = (await api("GET", "/market/trades?buildingId=way/702", p.token)).json().data;
    expect(trades.totalCount).toBe(1);
    const index = (
      await api("GET", `/market/index?neighborhood=${encodeURIComponent(HOOD)}&days=90`, p.token)
    ).json().data.days;
    expect(index).toHaveLength(90);
    expect(index.reduce((s: number, d: { trades: number }) => s + d.trades, 0)).toBe(detail.lastSales.length);
    expect(await balanceOf(db(), accounts.earnings(p.userId))).toBe(0);
  });
});
