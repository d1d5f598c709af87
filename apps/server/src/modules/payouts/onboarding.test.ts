import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { giveBuilding, importSampleCity } from "../../test/buildings";
import { createTestApp, signUp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importSampleCity(t.app.deps.db);
});
afterAll(() => t.close());

/** Walks the sandbox onboarding like a browser: the link, the form, the return. */
async function onboard(token: string) {
  const start = await t.call("GET", "/api/v1/users/stripe/onboarding", { token });
  const link = new URL(start.json().data.redirectLink);
  const page = await t.call("GET", `${link.pathname}${link.search}`);
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain("Set up payouts");
  const form = new URLSearchParams({
    account: link.searchParams.get("account") ?? "",
    return_url: link.searchParams.get("return_url") ?? "",
    legal_name: "Test Owner",
  });
  const submitted = await t.call("POST", "/sandbox/onboarding", {
    body: form.toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(submitted.statusCode).toBe(303);
  const back = new URL(String(submitted.headers.location));
  return t.call("GET", `${back.pathname}${back.search}`);
}

describe("payout onboarding", () => {
  it("sends a new player to onboarding, and back to My Properties with status=1 when done", async () => {
    const player = await signUp(t);
    const start = await t.call("GET", "/api/v1/users/stripe/onboarding", { token: player.token });
    expect(start.statusCode).toBe(200);
    expect(start.json().data).toEqual({
      isStripeIntegrated: false,
      redirectLink: expect.stringContaining("/sandbox/onboarding?account=acct_"),
      reconnect: false,
      requirementsDue: [],
    });
    const back = await onboard(player.token);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe("http://localhost:3000/assets?status=1");
    const after = await t.call("GET", "/api/v1/users/stripe/onboarding", { token: player.token });
    expect(after.json().data).toEqual({
      isStripeIntegrated: true,
      redirectLink: null,
      reconnect: false,
      requirementsDue: [],
    });
    const profile = (await t.call("GET", "/api/v1/users/profile", { token: player.token })).json().data;
    expect(profile).toMatchObject({
      isStripeIntegrated: true,
      stripeConnAccId: expect.stringMatching(/^acct_/),
    });
  });

  it("answers status=0 when the player comes back without finishing", async () => {
    const player = await signUp(t);
    const link = new URL(
      (await t.call("GET", "/api/v1/users/stripe/onboarding", { token: player.token })).json().data
        .redirectLink,
    );
    const back = new URL(link.searchParams.get("return_url") ?? "");
    const res = await t.call("GET", `${back.pathname}${back.search}`);
    expect(res.headers.location).toBe("http://localhost:3000/assets?status=0");
  });

  it("refuses return and re-auth links without the right signature, and sends a valid re-auth to a fresh link", async () => {
    const player = await signUp(t);
    const link = new URL(
      (await t.call("GET", "/api/v1/users/stripe/onboarding", { token: player.token })).json().data
        .redirectLink,
    );
    const refresh = new URL(link.searchParams.get("refresh_url") ?? "");
    const reauth = await t.call("GET", `${refresh.pathname}${refresh.search}`);
    expect(reauth.statusCode).toBe(302);
    expect(String(reauth.headers.location)).toContain("/sandbox/onboarding?account=acct_");
    const forged = await t.call("GET", `/api/v1/stripe/webhooks/reauth?userId=${player.userId}&sig=forged`);
    expect(forged.statusCode).toBe(403);
    expect((await t.call("GET", `/api/v1/stripe/webhooks/return?userId=${player.userId}`)).statusCode).toBe(
      403,
    );
    expect((await t.call("GET", "/api/v1/stripe/webhooks/return?userId=not-a-uuid")).statusCode).toBe(400);
  });

  it("will not send a player anywhere but back into the app", async () => {
    const player = await signUp(t);
    const link = new URL(
      (await t.call("GET", "/api/v1/users/stripe/onboarding", { token: player.token })).json().data
        .redirectLink,
    );
    const form = new URLSearchParams({
      account: link.searchParams.get("account") ?? "",
      return_url: "https://evil.example/steal",
      legal_name: "X",
    });
    const res = await t.call("POST", "/sandbox/onboarding", {
      body: form.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("POST /api/v1/properties/place-ask and cancel-sale", () => {
  it("needs a connected payout account, then puts the building up for sale at the ask", async () => {
    const owner = await signUp(t);
    await giveBuilding(t.app.deps.db, "way/1", owner.userId, 100_000);
    const ask = (bidAmount: number) =>
      t.call("POST", "/api/v1/properties/place-ask", {
        token: owner.token,
        body: { propertyId: "way/1", bidAmount },
      });
    const early = await ask(1500);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: "ONBOARDING_REQUIRED",
      message: "Connect a payout account before placing an ask.",
    });
    await onboard(owner.token);
    expect((await ask(5)).json().message).toBe("bidAmount: must be more than the $5.00 processing fee");
    expect((await ask(10.001)).statusCode).toBe(400);
    const res = await ask(1500);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.property).toMatchObject({ forSale: true, price: 1500, status: "forSale" });
    const state = (await t.call("GET", "/api/v1/map/state")).json().data;
    expect(state.forSale).toContain(res.json().data.property.mapId);

    const cancel = () =>
      t.call("POST", "/api/v1/properties/cancel-sale", {
        token: owner.token,
        body: { propertyId: res.json().data.property._id },
      });
    const cancelled = await cancel();
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.property).toMatchObject({ forSale: false, price: 1000, status: "owned" });
    const again = await cancel();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This building is not for sale.");
  });

  it("refuses anyone but the owner, and unknown buildings", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    await giveBuilding(t.app.deps.db, "way/2", owner.userId, 10_000);
    const res = await t.call("POST", "/api/v1/properties/place-ask", {
      token: other.token,
      body: { propertyId: "way/2", bidAmount: 500 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Only the owner can sell this building.");
    expect(
      (
        await t.call("POST", "/api/v1/properties/cancel-sale", {
          token: other.token,
          body: { propertyId: "way/2" },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.call("POST", "/api/v1/properties/place-ask", {
          token: owner.token,
          body: { propertyId: "way/404", bidAmount: 50 },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call("POST", "/api/v1/properties/place-ask", { token: owner.token, body: { bidAmount: 50 } }))
        .statusCode,
    ).toBe(400);
    const huge = await t.call("POST", "/api/v1/properties/place-ask", {
      token: owner.token,
      body: { propertyId: "way/2", bidAmount: 50_000_000 },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe("bidAmount: must be at most 999991");
  });
});
