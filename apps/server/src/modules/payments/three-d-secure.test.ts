import { sandboxPaymentIntents } from "@mx/sandbox/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bids } from "../../db/schema/bids";
import { buildings, properties } from "../../db/schema/buildings";
import { purchases } from "../../db/schema/purchases";
import { giveBuilding, importSampleCity } from "../../test/buildings";
import { addCard, TEST_CARDS } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { moneyProblems } from "../../test/money";
import { finishPayment } from "../webhooks/finish-payment";
import { AUTHENTICATION_FAILED } from "./bank-check";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importSampleCity(t.app.deps.db);
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const base = async (id: string) =>
  (await db().select().from(buildings).where(eq(buildings.id, id)))[0]?.basePriceCents ?? 0;
/** The sandbox's bank page, answered as the player would. */
async function challenge(url: string, outcome: "complete" | "fail") {
  const page = await t.call("GET", url);
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain("Confirm your payment");
  expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
  const done = await t.call("POST", url, {
    body: `outcome=${outcome}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(done.statusCode).toBe(200);
}
const agree = async () => expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);

describe("3-D Secure with the sandbox's authentication test cards", () => {
  it("holds the building while the buyer confirms with their bank, then completes the purchase", async () => {
    const buyer = await signUp(t);
    await addCard(t, buyer.token, TEST_CARDS.authenticate);
    const res = await t.call("POST", "/api/v1/properties/buy", {
      token: buyer.token,
      body: { buildingId: "way/1", bidAmount: (await base("way/1")) / 100 },
    });
    expect(res.statusCode).toBe(202);
    const action = res.json().data;
    expect(action).toMatchObject({
      requiresAction: true,
      nextActionUrl: `/sandbox/challenge/${action.paymentIntentId}`,
      confirmPath: "/api/v1/properties/buy/confirm",
    });
    // Nothing is charged yet, and nobody else can buy the building meanwhile.
    const [intent] = await db()
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, action.paymentIntentId));
    expect(intent).toMatchObject({ status: "requires_action", capturedCents: 0 });
    const other = await signUp(t);
    await addCard(t, other.token);
    const meanwhile = await t.call("POST", "/api/v1/properties/buy", {
      token: other.token,
      body: { buildingId: "way/1", bidAmount: (await base("way/1")) / 100 },
    });
    expect(meanwhile.json().message).toBe("Someone else is buying this building right now.");
    // Confirming before the bank's check says so again.
    const early = await t.call("POST", action.confirmPath, { token: buyer.token, body: action.confirmBody });
    expect(early.statusCode).toBe(202);

    await challenge(action.nextActionUrl, "complete");
    const done = await t.call("POST", action.confirmPath, { token: buyer.token, body: action.confirmBody });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.property.ownerId).toBe(buyer.userId);
    // Another player cannot finish it, and finishing it again changes nothing.
    expect(
      (await t.call("POST", action.confirmPath, { token: other.token, body: action.confirmBody })).statusCode,
    ).toBe(404);
    expect(
      (await t.call("POST", action.confirmPath, { token: buyer.token, body: action.confirmBody })).statusCode,
    ).toBe(200);
    await agree();
  });

  it("fails the purchase, charging nothing, when the bank's check fails", async () => {
    const buyer = await signUp(t);
    await addCard(t, buyer.token, TEST_CARDS.authenticate);
    const res = await t.call("POST", "/api/v1/properties/buy", {
      token: buyer.token,
      body: { buildingId: "way/2", bidAmount: (await base("way/2")) / 100 },
    });
    const action = res.json().data;
    await challenge(action.nextActionUrl, "fail");
    const failed = await t.call("POST", action.confirmPath, { token: buyer.token, body: action.confirmBody });
    expect(failed.statusCode).toBe(402);
    expect(failed.json().message).toBe(AUTHENTICATION_FAILED);
    const [purchase] = await db().select().from(purchases).where(eq(purchases.userId, buyer.userId));
    expect(purchase?.status).toBe("failed");
    const [building] = await db().select().from(properties).where(eq(properties.buildingId, "way/2"));
    expect(building?.ownerId).toBeNull();
    await agree();
  });

  it("is finished by the processor's report of the payment when the buyer never comes back to confirm", async () => {
    const buyer = await signUp(t);
    await addCard(t, buyer.token, TEST_CARDS.authenticate);
    const res = await t.call("POST", "/api/v1/properties/buy", {
      token: buyer.token,
      body: { buildingId: "way/2", bidAmount: (await base("way/2")) / 100 },
    });
    const action = res.json().data;
    await challenge(action.nextActionUrl, "complete");
    // What the webhook handler does with a payment_intent.succeeded event it has verified and re-read.
    const intent = await t.app.deps.gateway.retrievePaymentIntent(action.paymentIntentId);
    await finishPayment(t.app.deps, intent);
    await finishPayment(t.app.deps, intent);
    const [purchase] = await db().select().from(purchases).where(eq(purchases.userId, buyer.userId));
    expect(purchase?.status).toBe("completed");
    await agree();
  });

  it("places a bid once its hold is confirmed with the bank", async () => {
    const seller = await signUp(t);
    await giveBuilding(db(), "way/3", seller.userId, 40_000);
    await db()
      .update(properties)
      .set({ forSale: true, askCents: 50_000 })
      .where(eq(properties.buildingId, "way/3"));
    const [listed] = await db().select().from(properties).where(eq(properties.buildingId, "way/3"));
    const bidder = await signUp(t);
    await addCard(t, bidder.token, TEST_CARDS.authenticate);
    const res = await t.call("POST", "/api/v1/properties/submit-bid", {
      token: bidder.token,
      body: { propertyId: listed?.id, bidAmount: 600 },
    });
    expect(res.statusCode).toBe(202);
    const action = res.json().data;
    expect(action.confirmPath).toBe("/api/v1/properties/submit-bid/confirm");
    await challenge(action.nextActionUrl, "complete");
    const placed = await t.call("POST", action.confirmPath, {
      token: bidder.token,
      body: action.confirmBody,
    });
    expect(placed.statusCode).toBe(200);
    expect(placed.json().data.bid.status).toBe("pending");
    const [bid] = await db().select().from(bids).where(eq(bids.bidderId, bidder.userId));
    const [hold] = await db()
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, bid?.paymentIntentId ?? ""));
    expect(hold?.status).toBe("requires_capture");
    await agree();
  });
});
