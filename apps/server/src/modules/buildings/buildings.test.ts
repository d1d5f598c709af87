import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giveBuilding, importSampleCity } from "../../test/buildings";
import { createTestApp, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  await importSampleCity(t.app.deps.db);
  owner = await signUp(t);
  other = await signUp(t);
  await giveBuilding(t.app.deps.db, "way/1", owner.userId, 200_000);
});
afterAll(() => t.close());

const rename = (token: string, body: unknown) => t.call("PUT", "/api/v1/buildings", { token, body });
const location = { lat: 40.7484, lng: -73.9857 };

describe("PUT /api/v1/buildings (rename)", () => {
  it("lets the owner rename, trimmed, and the new name shows everywhere", async () => {
    const res = await rename(owner.token, { buildingId: "way/1", name: "  Sky Castle  ", location });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe("Sky Castle");
    expect(res.json().data.property.name).toBe("Sky Castle");
    const search = await t.call("GET", "/api/v1/buildings/search?q=sky%20castle");
    expect(search.json().data.results[0]).toMatchObject({ buildingId: "way/1", name: "Sky Castle" });
  });

  it("should fail with 403 for anyone but the owner, and for an unowned building", async () => {
    const res = await rename(other.token, { buildingId: "way/1", name: "Mine now" });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Only the owner can rename this building.");
    expect((await rename(owner.token, { buildingId: "way/2", name: "Not mine" })).statusCode).toBe(403);
    const details = await t.call("GET", "/api/v1/properties/checkPropertyDetails?text=way/1", {
      token: other.token,
    });
    expect(details.json().data.propertyDetails[0].name).toBe("Sky Castle");
  });

  it.each([
    [{ buildingId: "way/1", name: "   " }, "name: is required"],
    [{ buildingId: "way/1", name: "x".repeat(61) }, "name: must be at most 60 characters"],
    [{ buildingId: "way/1" }, "name: is required"],
    [{ buildingId: "way/1", name: "Ok", location: { lat: 200, lng: 0 } }, "location.lat:"],
    [{ buildingId: "way/1", name: "Ok", owner: "me" }, 'unknown field "owner"'],
  ])("should fail with 400 for %j", async (body, message) => {
    const res = await rename(owner.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("should fail with 404 for an unknown building and 401 without a token", async () => {
    expect((await rename(owner.token, { buildingId: "way/404", name: "Ghost" })).statusCode).toBe(404);
    expect(
      (await t.call("PUT", "/api/v1/buildings", { body: { buildingId: "way/1", name: "X" } })).statusCode,
    ).toBe(401);
  });
});

describe("POST /api/v1/buildings", () => {
  it("returns the building's property", async () => {
    const res = await t.call("POST", "/api/v1/buildings", {
      token: other.token,
      body: { buildingId: "way/3", name: "No Name", location },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.property).toMatchObject({
      buildingId: "way/3",
      name: "No Name",
      status: "available",
    });
  });

  it("should fail with 404 for an unknown building", async () => {
    const res = await t.call("POST", "/api/v1/buildings", {
      token: other.token,
      body: { buildingId: "way/404" },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("GET /api/v1/buildings/search", () => {
  it("finds by address, also typed with abbreviations", async () => {
    for (const q of ["350 5th Avenue", "350 5th ave", "west 33rd"]) {
      const res = await t.call("GET", `/api/v1/buildings/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.results.length, q).toBeGreaterThan(0);
    }
  });

  it("finds the same buildings whichever way a street is written, and says where each is and how tall", async () => {
    const found = async (q: string) =>
      (await t.call("GET", `/api/v1/buildings/search?q=${encodeURIComponent(q)}`)).json().data.results as {
        buildingId: string;
        floors?: number;
        heightM?: number;
      }[];
    const spoken = await found("West 33rd Street");
    expect(spoken.map((r) => r.buildingId)).toContain("way/2");
    for (const q of ["33rd st", "W 33rd St", "w 33 street", "West 33 St"]) {
      expect(
        (await found(q)).map((r) => r.buildingId),
        q,
      ).toEqual(spoken.map((r) => r.buildingId));
    }
    expect(spoken.find((r) => r.buildingId === "way/2")).toMatchObject({ floors: 6 });
    // The map frames a searched building by its height, before its tiles are loaded.
    expect((await found("Fifth Avenue")).find((r) => r.buildingId === "way/1")).toMatchObject({
      heightM: 380,
    });
    expect((await found("Fifth Avenue")).map((r) => r.buildingId)).toContain("way/1");
  });

  it("returns nothing for no match, and 400 for an empty query", async () => {
    expect((await t.call("GET", "/api/v1/buildings/search?q=zzzz")).json().data.results).toEqual([]);
    expect((await t.call("GET", "/api/v1/buildings/search?q=")).statusCode).toBe(400);
    expect((await t.call("GET", "/api/v1/buildings/search?q=a&limit=50")).statusCode).toBe(400);
  });
});
