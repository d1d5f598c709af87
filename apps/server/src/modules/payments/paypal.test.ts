import { PaypalError } from "@mx/processors/paypal-api";
import { SANDBOX_PAYPAL_PAYER_ID } from "@mx/sandbox/paypal";
import { sandboxPaypalOrders, sandboxPaypalPayouts } from "@mx/sandbox/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { bids } from "../../db/schema/bids";
import { buildings, properties } from "../../db/schema/buildings";
import { paymentIntents } from "../../db/schema/payments";
import { accountRefunds } from "../../db/schema/payouts";
import { purchases } from "../../db/schema/purchases";
import { shopCheckouts, shopOrders } from "../../db/schema/shop";
import { collection, giveBuilding, importSampleCity, osmFeature } from "../../test/buildings";
import { addCard } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { moneyProblems } from "../../test/money";
import { creditEarnings, earningsOf } from "../../test/payouts";
import { UNTAXED_ADDRESS } from "../../test/shop";
import { importBuildings } from "../buildings/import-buildings";
import { parseFootprints } from "../buildings/parse-footprints";
import { checkLedger } from "../ledger/check-ledger";
import { accounts, balanceOf } from "../ledger/ledger";
import { settlePaypalRefund } from "../payouts/deletion-refund";
import { findUnsettledPaypalRefunds, settlePayouts } from "../payouts/settle-payouts";
import { recoverPurchase } from "../properties/recover-purchase";
import { recoverShopOrder } from "../shop/recover-orders";
import { orderIdOf, PAYPAL_CANCELLED, paypalApiOf } from "./paypal-gateway";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await importSampleCity(t.app.deps.db);
  // Nine more, way/4 … way/12.
  const ids = [4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => `way/${n}`);
  const { records, format } = parseFootprints(
    collection(ids.map((id, k) => osmFeature(id, -73.97 + k * 0.001, 40.76, { levels: 3 + k }))),
  );
  await importBuildings(t.app.deps.db, records, format);
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const base = async (id: string) =>
  (await db().select().from(buildings).where(eq(buildings.id, id)))[0]?.basePriceCents ?? 0;
const order = async (intentId: string) =>
  (
    await db()
      .select()
      .from(sandboxPaypalOrders)
      .where(eq(sandboxPaypalOrders.id, orderIdOf(intentId)))
  )[0];
/** The sandbox's PayPal page, answered as its test buyer would. */
async function answer(url: string, outcome: "approve" | "cancel" | "decline") {
  const page = await t.call("GET", url);
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain("sandbox-buyer@example.com");
  expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
  const done = await t.call("POST", url, {
    body: `outcome=${outcome}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(done.statusCode).toBe(200);
}
/** Buildings of their own for a test, beside the sample city. */
async function newBuildings(ids: string[]) {
  const { records, format } = parseFootprints(
    collection(ids.map((id, k) => osmFeature(id, -73.96 + k * 0.001, 40.78, { levels: 4 }))),
  );
  await importBuildings(db(), records, format);
}
const agree = async () => expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
const buyWithPaypal = async (token: string, buildingId: string) =>
  t.call("POST", "/api/v1/properties/buy", {
    token,
    body: { buildingId, bidAmount: (await base(buildingId)) / 100, paymentMethodId: "paypal" },
  });

async function listForSale(buildingId: string) {
  const seller = await signUp(t);
  await giveBuilding(db(), buildingId, seller.userId, 40_000);
  await db()
    .update(properties)
    .set({ forSale: true, askCents: 50_000 })
    .where(eq(properties.buildingId, buildingId));
  const [listed] = await db().select().from(properties).where(eq(properties.buildingId, buildingId));
  return { seller, propertyId: listed?.id ?? "" };
}

describe("paying with PayPal in the sandbox", () => {
  it("offers PayPal in the public config", async () => {
    const res = await t.call("GET", "/api/v1/config");
    expect(res.json().data.paypal).toEqual({ kind: "sandbox", clientId: null });
  });

  it("buys a building: an order for the total, approved by the buyer at PayPal, then captured and owned", async () => {
    const buyer = await signUp(t);
    // No card needed.
    const res = await buyWithPaypal(buyer.token, "way/1");
    expect(res.statusCode).toBe(202);
    const action = res.json().data;
    expect(action).toMatchObject({
      requiresAction: true,
      confirmPath: "/api/v1/properties/buy/confirm",
      nextActionUrl: `/sandbox/paypal/approve/${orderIdOf(action.paymentIntentId)}`,
    });
    const created = await order(action.paymentIntentId);
    const total = (await base("way/1")) + 600 + 299;
    expect(created).toMatchObject({ intent: "CAPTURE", status: "CREATED", capturedCents: 0 });
    expect(created?.requestId).toMatch(/^purchase:/);
    // Held for the buyer while they approve.
    const other = await signUp(t);
    await addCard(t, other.token);
    const meanwhile = await t.call("POST", "/api/v1/properties/buy", {
      token: other.token,
      body: { buildingId: "way/1", bidAmount: (await base("way/1")) / 100 },
    });
    expect(meanwhile.json().message).toBe("Someone else is buying this building right now.");
    // Confirming before the buyer approved asks again.
    expect(
      (await t.call("POST", action.confirmPath, { token: buyer.token, body: action.confirmBody })).statusCode,
    ).toBe(202);

    await answer(action.nextActionUrl, "approve");
    const done = await t.call("POST", action.confirmPath, { token: buyer.token, body: action.confirmBody });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.property.ownerId).toBe(buyer.userId);
    const captured = await order(action.paymentIntentId);
    expect(captured).toMatchObject({ status: "COMPLETED", captureStatus: "COMPLETED" });
    expect(captured?.capturedCents).toBe(created?.amountCents);
    expect(created?.amountCents).toBe(total);
    const [payment] = await db()
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.id, action.paymentIntentId));
    expect(payment).toMatchObject({ provider: "paypal", status: "succeeded", paymentMethodId: "paypal" });
    // Confirming again changes nothing, and takes no more money.
    expect(
      (await t.call("POST", action.confirmPath, { token: buyer.token, body: action.confirmBody })).statusCode,
    ).toBe(200);
    expect((await order(action.paymentIntentId))?.capturedCents).toBe(total);
    await agree();
  });

  it("charges nothing when the buyer cancels at PayPal, and says so", async () => {
    const buyer = await signUp(t);
    const action = (await buyWithPaypal(buyer.token, "way/2")).json().data;
    await answer(action.nextActionUrl, "cancel");
    const failed = await t.call("POST", action.confirmPath, { token: buyer.token, body: action.confirmBody });
    expect(failed.statusCode).toBe(402);
    expect(failed.json().message).toBe(PAYPAL_CANCELLED);
    const [purchase] = await db().select().from(purchases).where(eq(purchases.userId, buyer.userId));
    expect(purchase?.status).toBe("failed");
    const [building] = await db().select().from(properties).where(eq(properties.buildingId, "way/2"));
    expect(building?.ownerId).toBeNull();
    await agree();
  });

  it("fails the purchase when PayPal declines the buyer's wallet at capture", async () => {
    const buyer = await signUp(t);
    const action = (await buyWithPaypal(buyer.token, "way/2")).json().data;
    await answer(action.nextActionUrl, "decline");
    const failed = await t.call("POST", action.confirmPath, { token: buyer.token, body: action.confirmBody });
    expect(failed.statusCode).toBe(402);
    expect(failed.json().message).toMatch(/^PayPal declined the payment/);
    const [purchase] = await db().select().from(purchases).where(eq(purchases.userId, buyer.userId));
    expect(purchase?.status).toBe("failed");
    expect((await order(action.paymentIntentId))?.capturedCents).toBe(0);
    await agree();
  });

  it("is finished by recovery when the buyer approved but never came back", async () => {
    const buyer = await signUp(t);
    const action = (await buyWithPaypal(buyer.token, "way/4")).json().data;
    await answer(action.nextActionUrl, "approve");
    const [purchase] = await db().select().from(purchases).where(eq(purchases.userId, buyer.userId));
    // Approved but not captured: recovery waits for the buyer, then abandons the order; nothing was taken.
    await db()
      .update(purchases)
      .set({ updatedAt: new Date(0) })
      .where(eq(purchases.id, purchase?.id ?? ""));
    expect(await recoverPurchase(t.app.deps, purchase?.id ?? "")).toBe("waiting");
    await db()
      .update(purchases)
      .set({ updatedAt: new Date(0), createdAt: new Date(0) })
      .where(eq(purchases.id, purchase?.id ?? ""));
    expect(await recoverPurchase(t.app.deps, purchase?.id ?? "")).toBe("failed");
    expect((await order(action.paymentIntentId))?.capturedCents).toBe(0);
    await agree();
  });

  it("refunds the buyer through PayPal when the building cannot be given after the capture", async () => {
    const buyer = await signUp(t);
    const action = (await buyWithPaypal(buyer.token, "way/5")).json().data;
    await answer(action.nextActionUrl, "approve");
    // Captured, then the process stops before ownership: recovery finds the capture and completes the purchase.
    await t.app.deps.gateway.confirmPaymentIntent({ id: action.paymentIntentId, paymentMethodId: "paypal" });
    const [purchase] = await db().select().from(purchases).where(eq(purchases.userId, buyer.userId));
    // Meanwhile someone else was given the building: the capture is refunded in full, once.
    const other = await signUp(t);
    await giveBuilding(db(), "way/5", other.userId, 40_000);
    await db()
      .update(purchases)
      .set({ updatedAt: new Date(0) })
      .where(eq(purchases.id, purchase?.id ?? ""));
    expect(await recoverPurchase(t.app.deps, purchase?.id ?? "")).toBe("refunded");
    const refunded = await order(action.paymentIntentId);
    expect(refunded?.refundedCents).toBe(refunded?.capturedCents);
    expect(refunded?.captureStatus).toBe("REFUNDED");
    await agree();
  });

  it("holds a bid with a PayPal authorization, captures it on accept, and pays the seller", async () => {
    const { seller, propertyId } = await listForSale("way/3");
    const bidder = await signUp(t);
    const res = await t.call("POST", "/api/v1/properties/submit-bid", {
      token: bidder.token,
      body: { propertyId, bidAmount: 600, paymentMethodId: "paypal" },
    });
    expect(res.statusCode).toBe(202);
    const action = res.json().data;
    expect(action.confirmPath).toBe("/api/v1/properties/submit-bid/confirm");
    expect(await order(action.paymentIntentId)).toMatchObject({ intent: "AUTHORIZE", status: "CREATED" });
    await answer(action.nextActionUrl, "approve");
    const placed = await t.call("POST", action.confirmPath, {
      token: bidder.token,
      body: action.confirmBody,
    });
    expect(placed.statusCode).toBe(200);
    expect(placed.json().data.bid.status).toBe("pending");
    const held = await order(action.paymentIntentId);
    expect(held).toMatchObject({ status: "COMPLETED", authorizationStatus: "CREATED", capturedCents: 0 });
    const [bid] = await db().select().from(bids).where(eq(bids.bidderId, bidder.userId));
    expect(bid?.paymentMethodId).toBe("paypal");
    // Within PayPal's 3-day honour period of the authorization.
    expect((bid?.expiresAt.getTime() ?? 0) - Date.now()).toBeLessThan(3 * 24 * 60 * 60_000);
    await agree();

    const earningsBefore = await balanceOf(db(), accounts.earnings(seller.userId));
    const accepted = await t.call("POST", "/api/v1/properties/accept-bid", {
      token: seller.token,
      body: { bidId: bid?.id },
    });
    expect(accepted.statusCode).toBe(200);
    const captured = await order(action.paymentIntentId);
    expect(captured).toMatchObject({ authorizationStatus: "CAPTURED", capturedCents: bid?.totalCents });
    expect(await balanceOf(db(), accounts.earnings(seller.userId))).toBeGreaterThan(earningsBefore);
    await agree();
  });

  it("voids the PayPal authorization when the bid is rejected", async () => {
    const { seller, propertyId } = await listForSale("way/6");
    const bidder = await signUp(t);
    const action = (
      await t.call("POST", "/api/v1/properties/submit-bid", {
        token: bidder.token,
        body: { propertyId, bidAmount: 600, paymentMethodId: "paypal" },
      })
    ).json().data;
    await answer(action.nextActionUrl, "approve");
    await t.call("POST", action.confirmPath, { token: bidder.token, body: action.confirmBody });
    const [bid] = await db().select().from(bids).where(eq(bids.bidderId, bidder.userId));
    const rejected = await t.call("POST", "/api/v1/properties/reject-bid", {
      token: seller.token,
      body: { bidId: bid?.id },
    });
    expect(rejected.statusCode).toBe(200);
    expect(await order(action.paymentIntentId)).toMatchObject({
      authorizationStatus: "VOIDED",
      capturedCents: 0,
    });
    await agree();
  });

  it("refuses PayPal where it is not a payment method, and a bid whose PayPal approval was cancelled", async () => {
    const { propertyId } = await listForSale("way/7");
    const bidder = await signUp(t);
    const action = (
      await t.call("POST", "/api/v1/properties/submit-bid", {
        token: bidder.token,
        body: { propertyId, bidAmount: 600, paymentMethodId: "paypal" },
      })
    ).json().data;
    await answer(action.nextActionUrl, "cancel");
    const failed = await t.call("POST", action.confirmPath, {
      token: bidder.token,
      body: action.confirmBody,
    });
    expect(failed.statusCode).toBe(402);
    expect(failed.json().message).toBe(PAYPAL_CANCELLED);
    const [bid] = await db().select().from(bids).where(eq(bids.bidderId, bidder.userId));
    expect(bid?.status).toBe("failed");
    // A page for an order that does not exist, or a malformed id, is a 4xx.
    expect((await t.call("GET", "/sandbox/paypal/approve/AAAAAAAAAAAAAAAAA")).statusCode).toBe(404);
    expect((await t.call("GET", "/sandbox/paypal/approve/..%2Fx")).statusCode).toBe(400);
    const bad = await t.call("POST", action.nextActionUrl, {
      body: "outcome=steal",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(bad.statusCode).toBe(400);
    await agree();
  });

  it("of two buyers paying with PayPal at once, exactly one gets PayPal's approval; confirms at once capture once", async () => {
    const [a, b] = await Promise.all([signUp(t), signUp(t)]);
    const [first, second] = await Promise.all([
      buyWithPaypal(a.token, "way/8"),
      buyWithPaypal(b.token, "way/8"),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([202, 409]);
    const [winner, winnerToken] = first.statusCode === 202 ? [first, a.token] : [second, b.token];
    const loser = first.statusCode === 202 ? second : first;
    expect(loser.json().message).toBe("Someone else is buying this building right now.");
    const action = winner.json().data;
    await answer(action.nextActionUrl, "approve");
    const confirms = await Promise.all(
      [1, 2, 3].map(() =>
        t.call("POST", action.confirmPath, { token: winnerToken, body: action.confirmBody }),
      ),
    );
    expect(confirms.map((c) => c.statusCode)).toEqual([200, 200, 200]);
    const captured = await order(action.paymentIntentId);
    expect(captured?.capturedCents).toBe(captured?.amountCents);
    const done = await db().select().from(purchases).where(eq(purchases.buildingId, "way/8"));
    expect(done.filter((p) => p.status === "completed")).toHaveLength(1);
    await agree();
  });

  /** A player who bought a building with PayPal only (no card), and has earnings. */
  async function paypalPayer(buildingId: string, earningsCents: number) {
    const player = await signUp(t);
    const action = (await buyWithPaypal(player.token, buildingId)).json().data;
    await answer(action.nextActionUrl, "approve");
    const done = await t.call("POST", action.confirmPath, { token: player.token, body: action.confirmBody });
    expect(done.statusCode).toBe(200);
    await creditEarnings(db(), player.userId, earningsCents);
    return player;
  }
  const refundOf = async (userId: string) =>
    (await db().select().from(accountRefunds).where(eq(accountRefunds.userId, userId)))[0];

  it("sends a deleted account's earnings, less the fee, to the PayPal account it paid with, once", async () => {
    const player = await paypalPayer("way/9", 3_000);
    const res = await t.call("DELETE", `/api/v1/users/${player.userId}`, { token: player.token });
    expect(res.statusCode).toBe(200);
    expect(await earningsOf(db(), player.userId)).toBe(0);
    const refund = await refundOf(player.userId);
    expect(refund).toMatchObject({
      provider: "paypal",
      amountCents: 3_000,
      feeCents: 100,
      netCents: 2_900,
      state: "refunded",
    });
    const sent = await db()
      .select()
      .from(sandboxPaypalPayouts)
      .where(eq(sandboxPaypalPayouts.senderBatchId, `account-refund:${refund?.id}`));
    expect(sent).toEqual([
      expect.objectContaining({
        id: refund?.providerCreditId,
        receiver: SANDBOX_PAYPAL_PAYER_ID,
        amountCents: 2_900,
        status: "SUCCESS",
      }),
    ]);
    expect(await checkLedger(db())).toEqual([]);
    await agree();
    // Reconciliation reads the payout back from PayPal: one for another amount is reported.
    await db()
      .update(sandboxPaypalPayouts)
      .set({ amountCents: 2_800 })
      .where(eq(sandboxPaypalPayouts.id, refund?.providerCreditId ?? ""));
    expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([
      `deletion refund ${refund?.id} sent $29.00 but PayPal's payout ${refund?.providerCreditId} is SUCCESS for $28.00`,
    ]);
    await db()
      .update(sandboxPaypalPayouts)
      .set({ amountCents: 2_900 })
      .where(eq(sandboxPaypalPayouts.id, refund?.providerCreditId ?? ""));
  });

  it("reads a PayPal refund again until its payout is final, and owes the earnings again when it comes back unclaimed", async () => {
    const player = await paypalPayer("way/11", 4_000);
    const deps = t.app.deps;
    const paypal = paypalApiOf(deps.gateway);
    if (!paypal) throw new Error("no PayPal");
    const payPalSays = (payoutId: string, itemStatus: "UNCLAIMED" | "RETURNED") =>
      db().update(sandboxPaypalPayouts).set({ itemStatus }).where(eq(sandboxPaypalPayouts.id, payoutId));
    // PayPal answers that the receiver has not claimed the payout yet.
    const sendPayout = paypal.sendPayout;
    paypal.sendPayout = async (input) => {
      const payout = await sendPayout.call(paypal, input);
      await payPalSays(payout.id, "UNCLAIMED");
      return { ...payout, itemStatus: "UNCLAIMED" };
    };
    try {
      const deleted = await t.call("DELETE", `/api/v1/users/${player.userId}`, { token: player.token });
      expect(deleted.statusCode).toBe(200);
    } finally {
      paypal.sendPayout = sendPayout;
    }
    const sent = await refundOf(player.userId);
    expect(sent).toMatchObject({ state: "refunded", providerStatus: "UNCLAIMED" });
    const payoutId = sent?.providerCreditId ?? "";
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    // Read again at most every 10 minutes.
    expect(await findUnsettledPaypalRefunds(deps, { now: later(1) })).toEqual([]);
    expect(await findUnsettledPaypalRefunds(deps, { now: later(11) })).toEqual([sent?.id]);
    await settlePayouts(deps, { now: later(11) });
    expect(await refundOf(player.userId)).toMatchObject({ state: "refunded", providerStatus: "UNCLAIMED" });
    expect(await moneyProblems(db(), deps.gateway)).toEqual([]);

    // Thirty days on, PayPal returns it: reported until it is read again, then owed to the deleted player, once.
    await payPalSays(payoutId, "RETURNED");
    expect(await moneyProblems(db(), deps.gateway)).toEqual([
      `deletion refund ${sent?.id} is refunded but PayPal's payout ${payoutId} was RETURNED`,
    ]);
    await Promise.all([settlePaypalRefund(deps, sent?.id ?? ""), settlePaypalRefund(deps, sent?.id ?? "")]);
    await settlePayouts(deps, { now: later(30) });
    expect(await refundOf(player.userId)).toMatchObject({
      state: "failed",
      providerStatus: "RETURNED",
      failureMessage: `PayPal's payout ${payoutId} was returned`,
    });
    expect(await earningsOf(db(), player.userId)).toBe(4_000);
    expect(await checkLedger(db())).toEqual([]);
    expect(await moneyProblems(db(), deps.gateway)).toEqual([]);
  });

  it("settles a PayPal refund whose payout reached the player, and reads it no more", async () => {
    const player = await paypalPayer("way/12", 2_500);
    expect(
      (await t.call("DELETE", `/api/v1/users/${player.userId}`, { token: player.token })).statusCode,
    ).toBe(200);
    const sent = await refundOf(player.userId);
    // The sandbox's payouts reach its test buyer at once.
    expect(sent).toMatchObject({ state: "refunded", providerStatus: "SUCCESS" });
    expect(await findUnsettledPaypalRefunds(t.app.deps, { now: new Date(Date.now() + 3_600_000) })).toEqual(
      [],
    );
    expect(await settlePaypalRefund(t.app.deps, sent?.id ?? "")).toBe(false);
  });

  it("puts the earnings back, owed to the deleted player, when PayPal refuses the payout", async () => {
    const player = await paypalPayer("way/10", 2_000);
    const paypal = paypalApiOf(t.app.deps.gateway);
    if (!paypal) throw new Error("no PayPal");
    const sendPayout = paypal.sendPayout;
    paypal.sendPayout = async () => {
      throw new PaypalError("RECEIVER_UNREGISTERED", "Receiver is unregistered.", 422);
    };
    try {
      expect(
        (await t.call("DELETE", `/api/v1/users/${player.userId}`, { token: player.token })).statusCode,
      ).toBe(200);
    } finally {
      paypal.sendPayout = sendPayout;
    }
    expect(await refundOf(player.userId)).toMatchObject({
      provider: "paypal",
      state: "failed",
      failureMessage: "Receiver is unregistered.",
    });
    expect(await earningsOf(db(), player.userId)).toBe(2_000);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("buys in the shop with PayPal: approved, captured once, one paid order with its journal and e-mail", async () => {
    const body = {
      customerEmail: "shopper@example.com",
      line_items: [
        { price: "price_mx_snapback_cap", quantity: 2 },
        { price: "price_mx_skyline_sticker", quantity: 1 },
      ],
      address: UNTAXED_ADDRESS,
      shippingRate: "standard",
    };
    const res = await t.call("POST", "/api/v1/shop/paypal/checkout", { body });
    expect(res.statusCode).toBe(202);
    const action = res.json().data;
    expect(action.confirmPath).toBe("/api/v1/shop/paypal/confirm");
    expect(action.confirmBody).toEqual({ checkoutId: action.paymentIntentId });
    const created = await order(action.paymentIntentId);
    expect(created).toMatchObject({ intent: "CAPTURE", status: "CREATED" });
    // Not approved yet: asked again.
    expect((await t.call("POST", action.confirmPath, { body: action.confirmBody })).statusCode).toBe(202);

    await answer(action.nextActionUrl, "approve");
    const [first, second] = await Promise.all([
      t.call("POST", action.confirmPath, { body: action.confirmBody }),
      t.call("POST", action.confirmPath, { body: action.confirmBody }),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(first.json().data.orderId).toBe(second.json().data.orderId);
    const [paid] = await db()
      .select()
      .from(shopOrders)
      .where(eq(shopOrders.checkoutSessionId, action.paymentIntentId));
    expect(paid).toMatchObject({
      provider: "paypal",
      status: "paid",
      paymentIntentId: action.paymentIntentId,
    });
    expect(paid?.amountCents).toBe(created?.amountCents);
    expect((await order(action.paymentIntentId))?.capturedCents).toBe(created?.amountCents);
    // The session status route answers for a PayPal checkout too.
    const status = await t.call(
      "GET",
      `/api/v1/stripe/webhooks/session-status?session_id=${action.paymentIntentId}`,
    );
    expect(status.json().data).toEqual({
      status: "complete",
      customer_email: "shopper@example.com",
      orderNumber: expect.stringMatching(/^[0-9A-F]{8}$/),
    });
    await agree();
  });

  it("writes the shop order of a PayPal capture whose request stopped, on recovery", async () => {
    const res = await t.call("POST", "/api/v1/shop/paypal/checkout", {
      body: {
        customerEmail: "late@example.com",
        line_items: [{ price: "price_mx_snapback_cap", quantity: 1 }],
        address: UNTAXED_ADDRESS,
        shippingRate: "standard",
      },
    });
    const action = res.json().data;
    await answer(action.nextActionUrl, "approve");
    // Captured, then the process stopped before the order was written.
    await t.app.deps.gateway.confirmPaymentIntent({ id: action.paymentIntentId, paymentMethodId: "paypal" });
    const [checkout] = await db()
      .select()
      .from(shopCheckouts)
      .where(eq(shopCheckouts.sessionId, action.paymentIntentId));
    if (checkout?.state !== "open") throw new Error("the PayPal checkout is not open");
    const open = { ...checkout, state: "open" as const };
    expect(await recoverShopOrder(t.app.deps, open)).toBe(true);
    // Recovery again (or the customer's own confirmation) finds the same order.
    expect(await recoverShopOrder(t.app.deps, open)).toBe(true);
    const orders = await db()
      .select()
      .from(shopOrders)
      .where(eq(shopOrders.checkoutSessionId, action.paymentIntentId));
    expect(orders).toHaveLength(1);
    await agree();
  });

  it("refuses a malformed or unknown PayPal checkout", async () => {
    const bad = await t.call("POST", "/api/v1/shop/paypal/confirm", { body: { checkoutId: "pi_123" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("checkoutId");
    const unknown = await t.call("POST", "/api/v1/shop/paypal/confirm", {
      body: { checkoutId: "paypal_NOSUCH" },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("recovers a purchase whose process stopped after PayPal made its order, before the id was noted, by sending the create again", async () => {
    const buyer = await signUp(t);
    await newBuildings(["way/901"]);
    const action = (await buyWithPaypal(buyer.token, "way/901")).json().data;
    const [purchase] = await db().select().from(purchases).where(eq(purchases.userId, buyer.userId));
    const id = purchase?.id ?? "";
    expect(purchase?.paymentMethodId).toBe("paypal");
    // As if the process had stopped between PayPal's answer and noting the order on the purchase.
    await db()
      .update(purchases)
      .set({ paymentIntentId: null, awaitingUntil: null, updatedAt: new Date(0) })
      .where(eq(purchases.id, id));
    const api = paypalApiOf(t.app.deps.gateway);
    if (!api) throw new Error("PayPal expected");
    const creates = vi.spyOn(api, "createOrder");
    try {
      expect(await recoverPurchase(t.app.deps, id)).toBe("failed");
      // The same call again: the same request id and body, answered with the order made the first time.
      const made = await order(action.paymentIntentId);
      expect(creates).toHaveBeenCalledTimes(1);
      expect(creates.mock.calls[0]?.[0]).toEqual({
        intent: "CAPTURE",
        amountCents: made?.amountCents,
        currency: "usd",
        customId: made?.customId,
        referenceId: "way/901",
        description: made?.description,
        requestId: `purchase:${id}`,
      });
      expect(await creates.mock.results[0]?.value).toMatchObject({ id: orderIdOf(action.paymentIntentId) });
    } finally {
      creates.mockRestore();
    }
    const orders = await db()
      .select()
      .from(sandboxPaypalOrders)
      .where(eq(sandboxPaypalOrders.requestId, `purchase:${id}`));
    // One order, never shown to the buyer, so never approved: nothing taken, and the building free again.
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: "CREATED", capturedCents: 0 });
    const [owned] = await db().select().from(properties).where(eq(properties.buildingId, "way/901"));
    expect(owned?.ownerId).toBeNull();
    await agree();
  });

  it("reconciles a PayPal order of every kind of operation from our own tables: purchase, bid, development, shop", async () => {
    await newBuildings(["way/902", "way/903", "way/904"]);
    const buyer = await signUp(t);
    const bought = (await buyWithPaypal(buyer.token, "way/902")).json().data;
    const { propertyId } = await listForSale("way/903");
    const bidder = await signUp(t);
    const bid = (
      await t.call("POST", "/api/v1/properties/submit-bid", {
        token: bidder.token,
        body: { propertyId, bidAmount: 600, paymentMethodId: "paypal" },
      })
    ).json().data;
    const developer = await signUp(t);
    await giveBuilding(db(), "way/904", developer.userId, 40_000);
    const developing = await t.call("POST", "/api/v1/properties/develop", {
      token: developer.token,
      body: { propertyId: "way/904", kind: "facade", paypal: true },
    });
    expect(developing.statusCode, developing.body).toBe(202);
    const shop = (
      await t.call("POST", "/api/v1/shop/paypal/checkout", {
        body: {
          customerEmail: "reconciled@example.com",
          line_items: [{ price: "price_mx_snapback_cap", quantity: 1 }],
          address: UNTAXED_ADDRESS,
          shippingRate: "standard",
        },
      })
    ).json().data;
    const ids = [bought, bid, developing.json().data, shop].map((a) => a.paymentIntentId as string);
    expect(ids.every((id) => id.startsWith("paypal_"))).toBe(true);
    // An order no row names (a create whose process stopped before anything was written) is not PayPal's to list.
    const api = paypalApiOf(t.app.deps.gateway);
    const stray = await api?.createOrder({
      intent: "CAPTURE",
      amountCents: 1_000,
      currency: "usd",
      customId: "purchase:nobody|nobody",
      referenceId: "way/904",
      description: "Manhattan Exchange",
      requestId: "purchase:nobody",
    });
    const listed = await t.app.deps.gateway.listPaymentIntents({
      createdFrom: new Date(Date.now() - 60_000),
      createdTo: new Date(Date.now() + 1_000),
    });
    const paypal = listed.filter((i) => i.id.startsWith("paypal_")).map((i) => i.id);
    expect(paypal).toEqual(expect.arrayContaining(ids));
    expect(paypal).not.toContain(`paypal_${stray?.id}`);
    expect(listed.find((i) => i.id === ids[2])?.metadata).toMatchObject({ purpose: "development" });
  });
});
