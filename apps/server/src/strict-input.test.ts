import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importSampleCity } from "./test/buildings";
import { createTestApp, signUp, type TestApp } from "./test/harness";

/** Numbers are plain decimals and text is UTF-8, in every query and body, or the request is refused naming the field. */
describe("strict input", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    await importSampleCity(t.app.deps.db);
    token = (await signUp(t)).token;
  });
  afterAll(() => t.close());

  const LOOSE = ["0x10", "1e1", "%205%20", "", "+5", "5.", ".5", "Infinity", "1_000"];

  it("refuses a query number that is not a plain decimal, naming the field", async () => {
    for (const value of LOOSE) {
      for (const [path, field] of [
        ["/api/v1/market/listings", "minPrice"],
        ["/api/v1/market/listings", "limit"],
        ["/api/v1/properties/leading-board", "offset"],
        ["/api/v1/users/activities", "limit"],
      ] as const) {
        const res = await t.call("GET", `${path}?${field}=${value}`, { token });
        expect(res.statusCode, `${path}?${field}=${value}`).toBe(400);
        expect(res.json().message, `${path}?${field}=${value}`).toMatch(new RegExp(`^${field}: must be`));
      }
    }
  });

  it("reads a plain decimal in a query as before", async () => {
    for (const url of [
      "/api/v1/market/listings?minPrice=12.5&limit=5&offset=0",
      "/api/v1/properties/leading-board?limit=5&offset=0",
      "/api/v1/users/activities?limit=7&offset=1",
    ]) {
      expect((await t.call("GET", url, { token })).statusCode, url).toBe(200);
    }
  });

  it("refuses a loose number on the front door's fast read as the route would", async () => {
    // The first read fills the cache; the second may be answered before Fastify sees it.
    expect((await t.call("GET", "/api/v1/properties/leading-board?limit=10", { token })).statusCode).toBe(
      200,
    );
    for (const value of ["1e1", "0x0a", "%2010"]) {
      const res = await t.call("GET", `/api/v1/properties/leading-board?limit=${value}`, { token });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().message).toMatch(/^limit: must be a plain decimal number/);
    }
  });

  it("refuses a body number written with an exponent, naming the field", async () => {
    const res = await t.call("POST", "/api/v1/properties/generate-bid", {
      token,
      body: '{"propertyId":"x","bidAmount":1e3}',
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("bidAmount: must be a plain decimal number, not 1e3");
  });

  it("refuses a body number sent as loose text, where text is read as a number", async () => {
    for (const value of ["0x10", "1e1", " 5 ", ""]) {
      const res = await t.call("POST", "/api/v1/sandbox/tokens", {
        body: { number: "4242424242424242", expMonth: value, expYear: "2034", cvc: "123" },
      });
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(res.json().message).toMatch(/^expMonth: must be/);
    }
    const plain = await t.call("POST", "/api/v1/sandbox/tokens", {
      body: { number: "4242424242424242", expMonth: "12", expYear: "2034", cvc: "123" },
    });
    expect(plain.statusCode).toBe(200);
  });

  it("refuses a body string where a number is asked", async () => {
    for (const value of ["0x10", "1e1", " 5 ", ""]) {
      const res = await t.call("POST", "/api/v1/properties/generate-bid", {
        token,
        body: { propertyId: "x", bidAmount: value },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^bidAmount: must be a number/);
    }
  });

  it("refuses a body that is not valid UTF-8", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/users/login",
      headers: { "content-type": "application/json" },
      payload: Buffer.concat([
        Buffer.from('{"email":"a@example.com","password":"'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('"}'),
      ]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("request body: must be valid UTF-8 text");
  });

  it("refuses a query that is not valid UTF-8, naming the parameter", async () => {
    for (const value of ["%FF", "%C3%28", "%ED%A0%80", "a%"]) {
      const res = await t.call("GET", `/api/v1/market/listings?text=${value}`, { token });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().message).toBe("text: must be valid UTF-8, percent-encoded");
    }
    const fast = await t.call("GET", "/api/v1/properties/leading-board?name=%FF", { token });
    expect(fast.statusCode).toBe(400);
    expect((await t.call("GET", "/api/v1/market/listings?text=caf%C3%A9", { token })).statusCode).toBe(200);
  });
});
