import { errors } from "@mx/shared/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giveBuilding, importSampleCity } from "../../test/buildings";
import { createTestApp, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
let carol: Awaited<ReturnType<typeof signUp>>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  await importSampleCity(t.app.deps.db);
  alice = await signUp(t, { fullName: "Alice Astor" });
  bob = await signUp(t, { fullName: "Bob Brooks" });
  carol = await signUp(t, { fullName: "Carol Chen" });
  const db = t.app.deps.db;
  await giveBuilding(db, "way/1", bob.userId, 100_000, { at: new Date(Date.now() - 30 * DAY) });
  await giveBuilding(db, "way/1", alice.userId, 150_050, { at: new Date(Date.now() - 2 * DAY) });
  await giveBuilding(db, "way/2", alice.userId, 9_900, { forSale: true });
  await giveBuilding(db, "way/3", bob.userId, 500_000);
});
afterAll(() => t.close());

const get = (url: string, token = alice.token) => t.call("GET", url, { token });

describe("GET /api/v1/properties/checkPropertyDetails", () => {
  it("finds a building by its id, with owner, price in dollars and status", async () => {
    const res = await get("/api/v1/properties/checkPropertyDetails?text=way/1");
    expect(res.statusCode).toBe(200);
    const [property, ...rest] = res.json().data.propertyDetails;
    expect(rest).toEqual([]);
    expect(property).toMatchObject({
      buildingId: "way/1",
      name: "Test Tower",
      address: "350 5th Avenue",
      price: 1500.5,
      ownerId: alice.userId,
      ownerName: alice.userName,
      isBuy: true,
      isFirstTime: false,
      forSale: false,
      color: "#ffffff",
      status: "owned",
      noOfFloors: 102,
      height: 380,
      yearBuilt: 1931,
    });
    expect(property.location.lat).toBeCloseTo(40.7485, 3);
    expect(property._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("finds by property id, and by name or address ignoring case", async () => {
    const byName = await get("/api/v1/properties/checkPropertyDetails?text=test%20tower");
    expect(byName.json().data.propertyDetails[0].buildingId).toBe("way/1");
    const byAddress = await get("/api/v1/properties/checkPropertyDetails?text=West%2033rd");
    const found = byAddress.json().data.propertyDetails[0];
    expect(found).toMatchObject({ buildingId: "way/2", name: "10 West 33rd Street", status: "forSale" });
    const byId = await get(`/api/v1/properties/checkPropertyDetails?text=${found._id}`);
    expect(byId.json().data.propertyDetails[0].buildingId).toBe("way/2");
  });

  it("should fail with 404 'No property details returned' when nothing matches", async () => {
    const res = await get("/api/v1/properties/checkPropertyDetails?text=nothing%20like%20this");
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(errors.noPropertyDetails);
  });

  it("should fail with 400 without text, and 401 without a token", async () => {
    expect((await get("/api/v1/properties/checkPropertyDetails")).json().message).toBe("text: is required");
    expect((await t.call("GET", "/api/v1/properties/checkPropertyDetails?text=way/1")).statusCode).toBe(401);
  });
});

describe("GET /api/v1/properties/price-history", () => {
  it("lists the prices oldest first, in dollars with epoch-second dates", async () => {
    const res = await get("/api/v1/properties/price-history?buildingId=way/1");
    expect(res.statusCode).toBe(200);
    const points = res.json().data.priceHistory;
    expect(points.map((p: { bidAmount: number }) => p.bidAmount)).toEqual([1000, 1500.5]);
    expect(points[0].insertDate).toBeLessThan(points[1].insertDate);
    expect(Math.abs(points[1].insertDate - (Date.now() - 2 * DAY) / 1000)).toBeLessThan(60);
  });

  it("is empty for a building never sold, 404 for an unknown building, 400 without an id", async () => {
    const sold = await get("/api/v1/properties/price-history?buildingId=way/2");
    expect(sold.json().data.priceHistory).toHaveLength(1);
    expect((await get("/api/v1/properties/price-history?buildingId=way/999")).statusCode).toBe(404);
    expect((await get("/api/v1/properties/price-history")).statusCode).toBe(400);
  });
});

describe("GET /api/v1/properties", () => {
  it("lists the caller's properties with the total count, and pages", async () => {
    const all = await get("/api/v1/properties?limit=25&offset=0");
    expect(all.json().data.totalCount).toBe(2);
    expect(
      all
        .json()
        .data.properties.map((p: { buildingId: string }) => p.buildingId)
        .sort(),
    ).toEqual(["way/1", "way/2"]);
    const page = await get("/api/v1/properties?limit=1&offset=1");
    expect(page.json().data.totalCount).toBe(2);
    expect(page.json().data.properties).toHaveLength(1);
  });

  it("lists another player's properties by userId, and nothing for a player without any", async () => {
    const res = await get(`/api/v1/properties?userId=${bob.userId}`);
    expect(
      res
        .json()
        .data.properties.map((p: { buildingId: string }) => p.buildingId)
        .sort(),
    ).toEqual(["way/3"]);
    const none = await get("/api/v1/properties", carol.token);
    expect(none.json().data).toEqual({ totalCount: 0, properties: [] });
  });

  it.each(["limit=0", "limit=101", "offset=-1", "limit=abc", "userId=not-a-uuid", "page=2"])(
    "should fail with 400 for %s",
    async (query) => {
      const res = await get(`/api/v1/properties?${query}`);
      expect(res.statusCode).toBe(400);
    },
  );
});

describe("GET /api/v1/properties/leading-board", () => {
  it("ranks players by number of properties, then total price", async () => {
    const res = await get("/api/v1/properties/leading-board");
    expect(res.statusCode).toBe(200);
    const { rankedResponse, totalCount } = res.json().data;
    expect(totalCount).toBe(2);
    // Alice owns two buildings ($1,599.50 in all), Bob one ($5,000): the count comes first. Carol owns none.
    expect(rankedResponse).toEqual([
      expect.objectContaining({
        rank: 1,
        _id: alice.userId,
        numberOfProperties: 2,
        totalPropertyPrice: 1599.5,
      }),
      expect.objectContaining({ rank: 2, _id: bob.userId, numberOfProperties: 1, totalPropertyPrice: 5000 }),
    ]);
  });

  it("sorts as asked while keeping each player's overall rank", async () => {
    const byTotal = (await get("/api/v1/properties/leading-board?sortBy=-totalPropertyPrice")).json().data
      .rankedResponse;
    expect(byTotal.map((e: { fullName: string; rank: number }) => [e.fullName, e.rank])).toEqual([
      ["Bob Brooks", 2],
      ["Alice Astor", 1],
    ]);
    const fewest = (await get("/api/v1/properties/leading-board?sortBy=numberOfProperties")).json().data
      .rankedResponse;
    expect(fewest[0].fullName).toBe("Bob Brooks");
  });

  it("filters by full name or username, ignoring case", async () => {
    const res = (await get("/api/v1/properties/leading-board?name=ALICE")).json().data;
    expect(res.totalCount).toBe(1);
    expect(res.rankedResponse[0]).toMatchObject({ fullName: "Alice Astor", rank: 1 });
    const byUserName = (await get(`/api/v1/properties/leading-board?name=${bob.userName}`)).json().data;
    expect(byUserName.rankedResponse[0].fullName).toBe("Bob Brooks");
    expect((await get("/api/v1/properties/leading-board?name=nobody")).json().data).toEqual({
      rankedResponse: [],
      totalCount: 0,
    });
  });

  it("should fail with 400 for an unknown sort", async () => {
    const res = await get("/api/v1/properties/leading-board?sortBy=-height");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("sortBy:");
  });
});

describe("the profile's totalPropertyPrice", () => {
  it("is the sum of the player's property prices, in dollars", async () => {
    const res = await get("/api/v1/users/profile");
    expect(res.json().data.totalPropertyPrice).toBe(1599.5);
  });
});

describe("deleting an account", () => {
  it("puts the player's buildings back on the market, unowned, at their base price", async () => {
    const res = await t.call("DELETE", `/api/v1/users/${bob.userId}`, { token: bob.token });
    expect(res.statusCode).toBe(200);
    // The instance that made the change hears it at once, without waiting for its NOTIFY to come back (on
    // PostgreSQL a few milliseconds after the commit, more on a loaded machine).
    const property = (await get("/api/v1/properties/checkPropertyDetails?text=way/3")).json().data
      .propertyDetails[0];
    expect(property).toMatchObject({ ownerId: null, status: "available", forSale: false, color: null });
    expect(property.price).toBe(property.basePrice);
    const ranked = (await get("/api/v1/properties/leading-board")).json().data.rankedResponse;
    expect(ranked.map((e: { _id: string }) => e._id)).toEqual([alice.userId]);
  });
});
