import { randomUUID } from "node:crypto";
import { queryRows } from "@mx/kit/sql";
import { texts } from "@mx/shared/messages";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bids } from "../../db/schema/bids";
import { buildings, neighborhoods, properties } from "../../db/schema/buildings";
import { collection, giveBuilding, osmFeature } from "../../test/buildings";
import { addCard } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { connectedPlayer } from "../../test/payouts";
import { importBuildings } from "../buildings/import-buildings";
import { parseFootprints } from "../buildings/parse-footprints";
import { accounts, balanceOf } from "../ledger/ledger";
import { deleteAccount } from "../users/delete-account";

type Player = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let seller: Player;
let bidder: Player;
const DAY = 86_400_000;
const db = () => t.app.deps.db;

/** Made-up buildings in two neighbourhoods, for filters and sorts, and one for a whole trade. */
const city = collection([
  osmFeature("way/11", -73.99, 40.741, { name: "Alpha House", levels: 5, start_date: "1900" }),
  osmFeature("way/12", -73.99, 40.742, { name: "Beta Tower", levels: 20, start_date: "1950" }),
  osmFeature("way/13", -73.98, 40.751, {
    name: "Gamma Lofts",
    levels: 3,
    start_date: "2001",
    addr_housenumber: "10",
    addr_street: "West 33rd Street",
  }),
  osmFeature("way/14", -73.98, 40.752, { name: "Delta Court", levels: 40, start_date: "2010" }),
  osmFeature("way/15", -73.99, 40.743, { name: "Epsilon Flats", levels: 8, start_date: "1960" }),
  osmFeature("way/16", -74.0, 40.755, { name: "Zeta Place", levels: 12, start_date: "2015" }),
]);
const hoods: [string, string, string[]][] = [
  ["MN0401", "Chelsea-Hudson Yards", ["way/11", "way/12", "way/15"]],
  ["MN0502", "Midtown-Times Square", ["way/13", "way/14"]],
  ["MN0403", "Hell's Kitchen", ["way/16"]],
];

/** Puts a building on the market as `owner`'s, asking `askCents`, listed `daysAgo`. */
async function list(buildingId: string, askCents: number, daysAgo: number, lastSaleCents: number | null) {
  if (lastSaleCents !== null) {
    await giveBuilding(db(), buildingId, seller.userId, lastSaleCents, {
      at: new Date(Date.now() - 10 * DAY),
    });
  }
  await db()
    .update(properties)
    .set({
      ownerId: seller.userId,
      forSale: true,
      askCents,
      listedAt: new Date(Date.now() - daysAgo * DAY),
    })
    .where(eq(properties.buildingId, buildingId));
}

async function pendingBid(buildingId: string, amountCents: number) {
  const other = await signUp(t);
  await db()
    .insert(bids)
    .values({
      id: randomUUID(),
      buildingId,
      bidderId: other.userId,
      ownerId: seller.userId,
      amountCents,
      totalCents: amountCents + 899,
      status: "pending",
      expiresAt: new Date(Date.now() + DAY),
    });
}

beforeAll(async () => {
  t = await createTestApp();
  const { records, format } = parseFootprints(city);
  await importBuildings(db(), records, format);
  for (const [code, name, ids] of hoods) {
    await db().insert(neighborhoods).values({ code, name, kind: 0, lat: 40.75, lng: -73.99 });
    for (const id of ids)
      await db().update(buildings).set({ neighborhood: name }).where(eq(buildings.id, id));
  }
  seller = await connectedPlayer(t);
  bidder = await signUp(t);
  // A: cheap, old, half its last price. B: two bids, newest. C: one bid, above its last price. D: never sold.
  await list("way/11", 10_000, 5, 20_000);
  await list("way/12", 30_000, 1, 31_000);
  await list("way/13", 5_000, 3, 4_000);
  await list("way/14", 100_000, 2, null);
  await giveBuilding(db(), "way/15", seller.userId, 7_000);
  await pendingBid("way/12", 32_000);
  await pendingBid("way/12", 35_000);
  await pendingBid("way/13", 6_000);
});
afterAll(() => t.close());

const get = (url: string, token = bidder.token) => t.call("GET", `/api/v1${url}`, { token });
const ids = async (query: string) => {
  const res = await get(`/market/listings?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.listings.map((l: { buildingId: string }) => l.buildingId);
};

describe("GET /api/v1/market/listings", () => {
  it("lists every building for sale with its ask, best bid, bids, last sale and listing time", async () => {
    const res = await get("/market/listings?sort=price");
    expect(res.statusCode).toBe(200);
    const { totalCount, listings } = res.json().data;
    expect(totalCount).toBe(4);
    const beta = listings.find((l: { buildingId: string }) => l.buildingId === "way/12");
    expect(beta).toMatchObject({
      name: "Beta Tower",
      neighborhood: "Chelsea-Hudson Yards",
      price: 300,
      forSale: true,
      bestBid: 350,
      bidCount: 2,
      noOfFloors: 20,
      yearBuilt: 1950,
      lastSale: { price: 310 },
    });
    expect(Math.abs(beta.listedAt - (Date.now() - DAY) / 1000)).toBeLessThan(5);
    expect(Math.abs(beta.lastSale.at - (Date.now() - 10 * DAY) / 1000)).toBeLessThan(5);
    expect(listings.find((l: { buildingId: string }) => l.buildingId === "way/14")).toMatchObject({
      bestBid: null,
      bidCount: 0,
      lastSale: null,
    });
  });

  it("shows each listing's development as its details do, whichever way the page is chosen", async () => {
    await db().update(properties).set({ developmentLevel: 2 }).where(eq(properties.buildingId, "way/13"));
    try {
      for (const sort of ["price", "-bidCount"]) {
        const res = await get(`/market/listings?sort=${sort}&limit=7`);
        expect(res.statusCode, res.body).toBe(200);
        const levels = Object.fromEntries(
          res
            .json()
            .data.listings.map((l: { buildingId: string; development: { level: number } }) => [
              l.buildingId,
              l.development.level,
            ]),
        );
        expect(levels).toEqual({ "way/11": 0, "way/12": 0, "way/13": 2, "way/14": 0 });
      }
    } finally {
      await db().update(properties).set({ developmentLevel: 0 }).where(eq(properties.buildingId, "way/13"));
    }
  });

  it("sorts by ask up and down, newest listing, most bids and deepest discount", async () => {
    expect(await ids("sort=price")).toEqual(["way/13", "way/11", "way/12", "way/14"]);
    expect(await ids("sort=-price")).toEqual(["way/14", "way/12", "way/11", "way/13"]);
    expect(await ids("sort=-listedAt")).toEqual(["way/12", "way/14", "way/13", "way/11"]);
    expect(await ids("")).toEqual(["way/12", "way/14", "way/13", "way/11"]);
    expect(await ids("sort=-bidCount")).toEqual(["way/12", "way/13", "way/11", "way/14"]);
    expect(await ids("sort=discount")).toEqual(["way/11", "way/12", "way/13", "way/14"]);
  });

  it("filters by neighbourhood, ask range, floors, years and text", async () => {
    expect(await ids("sort=price&neighborhood=Chelsea-Hudson%20Yards")).toEqual(["way/11", "way/12"]);
    expect(await ids("sort=price&minPrice=60&maxPrice=400")).toEqual(["way/11", "way/12"]);
    expect(await ids("sort=price&minPrice=100&maxPrice=100")).toEqual(["way/11"]);
    expect(await ids("sort=price&minFloors=10")).toEqual(["way/12", "way/14"]);
    expect(await ids("sort=price&minYear=1940&maxYear=2005")).toEqual(["way/13", "way/12"]);
    expect(await ids("sort=price&text=gamma")).toEqual(["way/13"]);
    expect(await ids("sort=price&text=w%2033rd%20st")).toEqual(["way/13"]);
    expect(await ids("sort=price&text=nothing%20like%20it")).toEqual([]);
    expect(await ids("sort=price&neighborhood=Midtown-Times%20Square&minFloors=10")).toEqual(["way/14"]);
  });

  it("pages 25 at a time by default, with the total of every page", async () => {
    const res = await get("/market/listings?sort=price&limit=2&offset=1");
    expect(res.json().data.totalCount).toBe(4);
    expect(res.json().data.listings.map((l: { buildingId: string }) => l.buildingId)).toEqual([
      "way/11",
      "way/12",
    ]);
    const past = await get("/market/listings?limit=2&offset=10");
    expect(past.json().data).toEqual({ totalCount: 4, listings: [] });
  });

  it("should fail with 400 naming the parameter on bad input, and 401 without a token", async () => {
    const cases: [string, RegExp][] = [
      ["neighborhood=Atlantis", /^neighborhood: /],
      ["minPrice=500&maxPrice=100", /^minPrice: /],
      ["minYear=2000&maxYear=1900", /^minYear: /],
      ["sort=cheapest", /^sort: must be one of/],
      ["limit=101", /^limit: /],
      ["minFloors=lots", /^minFloors: /],
      ["userId=someone", /unknown field "userId"/],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/market/listings?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
    expect((await t.call("GET", "/api/v1/market/listings")).statusCode).toBe(401);
  });
});

describe("a building bought from the game, listed, bid on twice and sold", () => {
  let b1: Player;
  let b2: Player;
  let baseCents = 0;
  let askCents = 0;
  let winnerBidId = "";

  beforeAll(async () => {
    await addCard(t, seller.token);
    b1 = await signUp(t);
    b2 = await signUp(t);
    await addCard(t, b1.token);
    await addCard(t, b2.token);
    const [zeta] = await db()
      .select({ base: buildings.basePriceCents })
      .from(buildings)
      .where(eq(buildings.id, "way/16"));
    baseCents = zeta?.base ?? 0;
    const bought = await t.call("POST", "/api/v1/properties/buy", {
      token: seller.token,
      body: { buildingId: "way/16", bidAmount: baseCents / 100, isApplePay: false },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    askCents = baseCents + 10_000;
    const ask = await t.call("POST", "/api/v1/properties/place-ask", {
      token: seller.token,
      body: { propertyId: "way/16", bidAmount: askCents / 100 },
    });
    expect(ask.statusCode, ask.body).toBe(200);
    for (const [player, over] of [
      [b1, 1_000],
      [b2, 2_550],
    ] as const) {
      const res = await t.call("POST", "/api/v1/properties/submit-bid", {
        token: player.token,
        body: { propertyId: "way/16", bidAmount: (askCents + over) / 100, isApplePay: false },
      });
      expect(res.statusCode, res.body).toBe(200);
      if (player === b2) winnerBidId = res.json().data.bid.bidId;
    }
  });

  it("shows the seller its ask and both bids' amounts, never the bidders", async () => {
    const res = await get("/market/building?buildingId=way/16", seller.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      ask: askCents / 100,
      bids: [(askCents + 2_550) / 100, (askCents + 1_000) / 100],
      bestBid: (askCents + 2_550) / 100,
      bidCount: 2,
      lastTrades: [{ kind: "first-sale", price: baseCents / 100 }],
    });
    expect(res.body).not.toContain(b1.userName);
    expect(res.body).not.toContain(b2.userId);
  });

  it("records a first sale and a resale at their prices, newest first", async () => {
    const accepted = await t.call("POST", "/api/v1/properties/accept-bid", {
      token: seller.token,
      body: { bidId: winnerBidId },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const res = await get("/market/trades?buildingId=way/16");
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      totalCount: 2,
      trades: [
        {
          buildingId: "way/16",
          name: "Zeta Place",
          neighborhood: "Hell's Kitchen",
          kind: "resale",
          price: (askCents + 2_550) / 100,
          sellerUserName: seller.userName,
          buyerUserName: b2.userName,
        },
        { kind: "first-sale", price: baseCents / 100, sellerUserName: null, buyerUserName: seller.userName },
      ],
    });
    const byHood = await get("/market/trades?neighborhood=Hell's%20Kitchen&limit=1");
    expect(byHood.json().data.totalCount).toBe(2);
    expect(byHood.json().data.trades.map((x: { kind: string }) => x.kind)).toEqual(["resale"]);
    const island = await get("/market/trades");
    expect(island.json().data.trades[0]).toMatchObject({ buildingId: "way/16", kind: "resale" });
    expect((await get("/market/trades?neighborhood=Atlantis")).statusCode).toBe(400);
    expect((await get("/market/trades?limit=1000")).json().message).toMatch(/^limit: /);
  });

  it("counts each day's trades in the neighbourhood's index, days without trades empty", async () => {
    const res = await get("/market/index?neighborhood=Hell's%20Kitchen&days=7");
    expect(res.statusCode).toBe(200);
    const { days } = res.json().data;
    expect(days).toHaveLength(7);
    const today = new Date().toISOString().slice(0, 10);
    expect(days[6]).toMatchObject({ date: today, trades: 2, volume: (baseCents + askCents + 2_550) / 100 });
    expect(days[6].medianPricePer1000Sqft).toBeGreaterThan(0);
    for (const day of days.slice(0, 6))
      expect(day).toMatchObject({ trades: 0, volume: 0, medianPricePer1000Sqft: null });
    // Per 1,000 sq ft, to the cent: figures a player can read, never fractions of a cent.
    const median = days[6].medianPricePer1000Sqft as number;
    expect(Math.round(median * 100) / 100).toBe(median);
    const panel = (await get("/market/building?buildingId=way/16", seller.token)).json().data;
    expect(panel.neighborhoodMedianPer1000Sqft).toBeGreaterThan(0);
    expect(panel.pricePer1000Sqft).toBeGreaterThan(0);
    expect(Math.round(panel.pricePer1000Sqft * 100) / 100).toBe(panel.pricePer1000Sqft);
    expect(Number.isInteger(panel.versusMedianPct)).toBe(true);
    expect((await get("/market/index?neighborhood=Hell's%20Kitchen")).json().data.days).toHaveLength(90);
    expect((await get("/market/index?neighborhood=Hell's%20Kitchen&days=366")).json().message).toMatch(
      /^days: /,
    );
    expect((await get("/market/index?neighborhood=Atlantis")).json().message).toMatch(/^neighborhood: /);
  });

  /** The ledger's own sums for a journal kind and reference. */
  const journalSum = async (kind: string, reference: string, account: string) => {
    const [row] = await queryRows<{ n: number }>(
      db(),
      sql`select coalesce(sum(e.amount_cents), 0)::int as n from ledger_entries e
          join ledger_journals j on j.id = e.journal_id
          where j.kind = ${kind} and j.reference = ${reference} and e.account = ${account}`,
    );
    return row?.n ?? 0;
  };

  it("gives the buyer's holding and the seller's realised sale as the ledger has them, to the cent", async () => {
    const bidCard = -(await journalSum("sale", winnerBidId, accounts.cardFunding));
    const mine = (await get("/users/portfolio", b2.token)).json().data;
    expect(mine.holdings).toHaveLength(1);
    expect(mine.holdings[0]).toMatchObject({
      buildingId: "way/16",
      paid: bidCard / 100,
      price: (askCents + 2_550) / 100,
      ask: null,
      unrealised: (askCents + 2_550 - 500 - bidCard) / 100,
    });
    expect(mine.totals).toMatchObject({ holdings: 1, paid: bidCard / 100, fees: 6, tax: 2.99, realised: 0 });

    const [purchase] = await queryRows<{ id: string }>(
      db(),
      sql`select id from purchases where user_id = ${seller.userId} and building_id = 'way/16'`,
    );
    const purchaseCard = -(await journalSum("purchase", purchase?.id ?? "", accounts.cardFunding));
    const purchaseFees = await journalSum("purchase", purchase?.id ?? "", accounts.platformFees);
    // The sale's proceeds go to the seller's clearing account, withdrawable once cleared.
    const proceeds = await journalSum("sale", winnerBidId, accounts.clearing(seller.userId));
    const theirs = (await get("/users/portfolio", seller.token)).json().data;
    expect(theirs.realised).toEqual([
      {
        buildingId: "way/16",
        name: "Zeta Place",
        price: (askCents + 2_550) / 100,
        proceeds: proceeds / 100,
        cost: purchaseCard / 100,
        gain: (proceeds - purchaseCard) / 100,
        at: expect.any(Number),
      },
    ]);
    expect(theirs.totals.realised).toBe((proceeds - purchaseCard) / 100);
    // The seller's fees: the purchase's fee, and what the sale kept from the price.
    expect(theirs.totals.fees).toBe((purchaseFees + askCents + 2_550 - proceeds) / 100);
    expect(theirs.holdings.map((h: { buildingId: string }) => h.buildingId)).not.toContain("way/16");
    expect(theirs.activeYears).toEqual([new Date().getUTCFullYear()]);
    expect((await get("/users/portfolio?userId=someone", seller.token)).statusCode).toBe(400);
  });

  it("states every movement of the year, its rows summing to the closing balance", async () => {
    const year = new Date().getUTCFullYear();
    const res = await get(`/users/statement?year=${year}&format=json`, seller.token);
    expect(res.statusCode, res.body).toBe(200);
    const statement = res.json().data;
    expect(statement.rows.map((r: { kind: string }) => r.kind)).toEqual([
      "purchase",
      "sale",
      "proceeds-cleared",
    ]);
    const earnings = await balanceOf(db(), accounts.earnings(seller.userId));
    const sum = statement.rows.reduce(
      (s: number, r: { earnings: number }) => s + Math.round(r.earnings * 100),
      0,
    );
    expect(statement.openingBalance).toBe(0);
    expect(Math.round(statement.openingBalance * 100) + sum).toBe(earnings);
    expect(statement.closingBalance).toBe(earnings / 100);
    expect(statement.rows.at(-1).balance).toBe(earnings / 100);
    expect(statement.rows[0]).toMatchObject({
      kind: "purchase",
      fees: 6,
      tax: 2.99,
      card: -(baseCents + 899) / 100,
    });

    const winner = (await get(`/users/statement?year=${year}`, b2.token)).json().data;
    expect(winner.rows.map((r: { kind: string }) => r.kind)).toEqual(["bid-hold", "bid-capture"]);
    expect(winner.closingBalance).toBe(0);

    const csv = await get(`/users/statement?year=${year}&format=csv`, seller.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["content-disposition"]).toBe(
      `attachment; filename="manhattan-exchange-statement-${year}.csv"`,
    );
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe("date,kind,description,building,card,credits,fees,tax,earnings,balance");
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatch(new RegExp(`,${(earnings / 100).toFixed(2)}$`));
    expect(lines[3]).toMatch(new RegExp(`,proceeds-cleared,.*,0.00,${(earnings / 100).toFixed(2)}$`));
  });

  it("should fail with 400 naming year or format when they are out of range", async () => {
    const year = new Date().getUTCFullYear();
    expect((await get(`/users/statement?year=${year - 1}`, seller.token)).json().message).toMatch(/^year: /);
    expect((await get(`/users/statement?year=${year + 1}`, seller.token)).json().message).toMatch(/^year: /);
    expect((await get(`/users/statement?year=${year}&format=xls`, seller.token)).json().message).toMatch(
      /^format: /,
    );
    expect((await get("/users/statement", seller.token)).json().message).toMatch(/^year: /);
    expect((await get(`/users/statement?year=${year}&userId=x`, seller.token)).statusCode).toBe(400);
  });

  /** The trades as the purchases, bids and catalogue have them, aggregated from scratch. */
  const fromScratch = () =>
    queryRows<Record<string, unknown>>(
      db(),
      sql`select p.id, p.building_id, b.neighborhood, b.floor_area_sqft, p.price_cents, p.updated_at as at,
                 'first-sale' as kind, null::uuid as seller_id, p.user_id as buyer_id
          from purchases p join buildings b on b.id = p.building_id where p.status = 'completed'
          union all
          select d.id, d.building_id, b.neighborhood, b.floor_area_sqft, d.amount_cents, d.decided_at,
                 'resale', d.owner_id, d.bidder_id
          from bids d join buildings b on b.id = d.building_id where d.status = 'accepted'
          order by id`,
    );
  const kept = () =>
    queryRows<Record<string, unknown>>(
      db(),
      sql`select id, building_id, neighborhood, floor_area_sqft, price_cents, at, kind, seller_id, buyer_id
          from trades order by id`,
    );
  const todayIn = async (hood: string) => {
    const res = await get(`/market/index?neighborhood=${encodeURIComponent(hood)}&days=1`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.days[0] as {
      trades: number;
      volume: number;
      medianPricePer1000Sqft: number | null;
    };
  };

  it("keeps the trades it reads equal to the purchases and bids, after a deleted account and a moved building", async () => {
    const scratch = await fromScratch();
    expect(
      scratch
        .filter((r) => r.building_id === "way/16")
        .map((r) => r.kind)
        .sort(),
    ).toEqual(["first-sale", "resale"]);
    expect(await kept()).toEqual(scratch);

    // The buyer leaves: the trade stays, its buyer no longer named.
    await deleteAccount(t.app.deps, b2.userId);
    expect(await kept()).toEqual(await fromScratch());
    expect((await todayIn("Hell's Kitchen")).trades).toBe(2);
    const [resale] = (await get("/market/trades?buildingId=way/16&limit=1")).json().data.trades;
    expect(resale).toMatchObject({ kind: "resale", buyerUserName: texts.deletedPlayer });

    // A building the catalogue moves to another neighbourhood takes its trades with it, and back.
    await db()
      .update(buildings)
      .set({ neighborhood: "Midtown-Times Square" })
      .where(eq(buildings.id, "way/16"));
    expect(await kept()).toEqual(await fromScratch());
    t.app.hot.market.clear();
    expect(await todayIn("Hell's Kitchen")).toMatchObject({
      trades: 0,
      volume: 0,
      medianPricePer1000Sqft: null,
    });
    expect((await todayIn("Midtown-Times Square")).trades).toBe(2);
    await db().update(buildings).set({ neighborhood: "Hell's Kitchen" }).where(eq(buildings.id, "way/16"));

    // A trade that stops being one (a purchase refunded, a bid's acceptance undone) leaves, and comes back.
    await db().execute(sql`update purchases set status = 'refunded' where building_id = 'way/16'`);
    await db().execute(sql`update bids set status = 'failed' where id = ${winnerBidId}`);
    expect(await kept()).toEqual(await fromScratch());
    expect((await kept()).some((r) => r.building_id === "way/16")).toBe(false);
    await db().execute(sql`update purchases set status = 'completed' where building_id = 'way/16'`);
    await db().execute(sql`update bids set status = 'accepted' where id = ${winnerBidId}`);
    expect(await kept()).toEqual(await fromScratch());
    t.app.hot.market.clear();
    const today = await todayIn("Hell's Kitchen");
    expect(today).toMatchObject({ trades: 2, volume: (baseCents + askCents + 2_550) / 100 });

    // A purchase gone takes its trade with it: the trades follow each statement, however many rows it touches.
    await db().execute(sql`delete from purchases where building_id = 'way/16'`);
    expect(await kept()).toEqual(await fromScratch());
    expect((await kept()).filter((r) => r.building_id === "way/16").map((r) => r.kind)).toEqual(["resale"]);
  });
});

describe("the OpenAPI document", () => {
  it("describes every market path with its parameters", async () => {
    const res = await t.call("GET", "/api/docs/json");
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const path of [
      "/api/v1/market/listings",
      "/api/v1/market/trades",
      "/api/v1/market/index",
      "/api/v1/market/building",
      "/api/v1/users/portfolio",
      "/api/v1/users/statement",
    ]) {
      expect(doc.paths[path]?.get, path).toBeDefined();
    }
    const params = doc.paths["/api/v1/market/listings"].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(
      expect.arrayContaining([
        "neighborhood",
        "minPrice",
        "maxPrice",
        "minFloors",
        "minYear",
        "maxYear",
        "text",
        "sort",
      ]),
    );
  });
});
