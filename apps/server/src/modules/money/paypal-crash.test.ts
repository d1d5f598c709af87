/**
 * PayPal payments survive a crash as card payments do (see crash.test.ts): a real server process is killed with
 * SIGKILL at a named point of a PayPal purchase, bid or shop checkout, a fresh server's recovery runs, and PayPal's
 * records (the sandbox's), ownership and the ledger must agree to the cent. PostgreSQL only.
 */

import { answerSandboxPaypal, SANDBOX_PAYPAL_PAYER_ID } from "@mx/sandbox/paypal";
import { sandboxPaypalOrders, sandboxPaypalPayouts } from "@mx/sandbox/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { testConfig } from "../../config";
import { bids } from "../../db/schema/bids";
import { buildings, properties } from "../../db/schema/buildings";
import { accountRefunds } from "../../db/schema/payouts";
import { purchases } from "../../db/schema/purchases";
import { shopOrders } from "../../db/schema/shop";
import { collection, giveBuilding, osmFeature } from "../../test/buildings";
import { restartAndRecover as recoverAfterRestart, requestThatCrashes } from "../../test/crash";
import { createTestDatabase } from "../../test/database";
import { signUp, type TestApp, testAppOf } from "../../test/harness";
import { moneyProblems } from "../../test/money";
import { creditEarnings, earningsOf } from "../../test/payouts";
import { startServerProcess, unsettledOperations } from "../../test/server-process";
import { UNTAXED_ADDRESS } from "../../test/shop";
import { importBuildings } from "../buildings/import-buildings";
import { parseFootprints } from "../buildings/parse-footprints";
import { checkLedger } from "../ledger/check-ledger";
import { orderIdOf } from "../payments/paypal-gateway";

const isPostgres = process.env.DATABASE_URL?.startsWith("postgres") ?? false;
const SECRET = "paypal-crash-test-session-secret-0123456789";

let t: TestApp;
let url: string;
let drop: () => Promise<void>;
let buildingCounter = 0;
const db = () => t.app.deps.db;

const startServer = (env: Record<string, string> = {}) =>
  startServerProcess({ databaseUrl: url, sessionSecret: SECRET, env });

/** Starts a fresh server, waits until `settled` (its recovery has run), and stops it. */
const restartAndRecover = (settled = async () => (await unsettledOperations(db())) === 0) =>
  recoverAfterRestart(startServer, settled);

async function newBuilding(): Promise<{ id: string; base: number }> {
  buildingCounter += 1;
  const id = `way/${910_000 + buildingCounter}`;
  const { records, format } = parseFootprints(
    collection([osmFeature(id, -73.95 + buildingCounter * 0.001, 40.77, { levels: 4 })]),
  );
  await importBuildings(db(), records, format);
  const [row] = await db().select().from(buildings).where(eq(buildings.id, id));
  return { id, base: row?.basePriceCents ?? 0 };
}

const approve = (intentId: string) => answerSandboxPaypal(db(), orderIdOf(intentId), "approve");
const paypalOrder = async (intentId: string) =>
  (
    await db()
      .select()
      .from(sandboxPaypalOrders)
      .where(eq(sandboxPaypalOrders.id, orderIdOf(intentId)))
  )[0];
const agree = async () => expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);

/** A building a new seller owns and has put up for sale at $500: its property row, and the seller. */
async function listedBuilding() {
  const building = await newBuilding();
  const seller = await signUp(t);
  await giveBuilding(db(), building.id, seller.userId, 40_000);
  await db()
    .update(properties)
    .set({ forSale: true, askCents: 50_000 })
    .where(eq(properties.buildingId, building.id));
  const [listed] = await db().select().from(properties).where(eq(properties.buildingId, building.id));
  return { listed, seller };
}

/** A building for sale, and a bid on it held by PayPal (approved and placed through the in-process app). */
async function listingWithPaypalBid() {
  const { listed, seller } = await listedBuilding();
  const bidder = await signUp(t);
  const res = await t.call("POST", "/api/v1/properties/submit-bid", {
    token: bidder.token,
    body: { propertyId: listed?.id, bidAmount: 600, paymentMethodId: "paypal" },
  });
  const action = res.json().data;
  await approve(action.paymentIntentId);
  const placed = await t.call("POST", action.confirmPath, { token: bidder.token, body: action.confirmBody });
  expect(placed.statusCode).toBe(200);
  return { seller, bidder, propertyId: listed?.id ?? "", bidId: placed.json().data.bid.bidId as string };
}

describe.runIf(isPostgres)("PayPal payments survive SIGKILL", () => {
  beforeAll(async () => {
    const created = await createTestDatabase();
    if (!created.url) throw new Error("PostgreSQL expected");
    url = created.url;
    drop = created.drop;
    const app = await buildApp({ config: testConfig({ sessionSecret: SECRET }), database: created.database });
    await app.ready();
    t = testAppOf(app, () => app.close());
    await newBuilding();
    await signUp(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await drop?.();
  });

  it("a PayPal purchase killed after reserving, before the order was made, fails with nothing taken", async () => {
    const building = await newBuilding();
    const player = await signUp(t);
    const server = await startServer({ CRASH_AT: "purchase.reserved" });
    await requestThatCrashes(server, "properties/buy", player.token, {
      buildingId: building.id,
      bidAmount: building.base / 100,
      paymentMethodId: "paypal",
    });
    await restartAndRecover();
    const [purchase] = await db().select().from(purchases).where(eq(purchases.userId, player.userId));
    expect(purchase?.status).toBe("failed");
    await agree();
  }, 120_000);

  it("a PayPal purchase killed after PayPal captured it is owned after restart, captured once", async () => {
    const building = await newBuilding();
    const player = await signUp(t);
    const res = await t.call("POST", "/api/v1/properties/buy", {
      token: player.token,
      body: { buildingId: building.id, bidAmount: building.base / 100, paymentMethodId: "paypal" },
    });
    expect(res.statusCode).toBe(202);
    const action = res.json().data;
    await approve(action.paymentIntentId);
    const server = await startServer({ CRASH_AT: "paypal.confirmed" });
    await requestThatCrashes(server, "properties/buy/confirm", player.token, action.confirmBody);
    expect((await paypalOrder(action.paymentIntentId))?.captureStatus).toBe("COMPLETED");
    await restartAndRecover();
    const [purchase] = await db().select().from(purchases).where(eq(purchases.userId, player.userId));
    expect(purchase?.status).toBe("completed");
    const [owned] = await db().select().from(properties).where(eq(properties.buildingId, building.id));
    expect(owned?.ownerId).toBe(player.userId);
    await agree();
  }, 120_000);

  it("a PayPal bid killed after PayPal authorized its hold is failed and its authorization voided", async () => {
    const { listed } = await listedBuilding();
    const bidder = await signUp(t);
    const action = (
      await t.call("POST", "/api/v1/properties/submit-bid", {
        token: bidder.token,
        body: { propertyId: listed?.id, bidAmount: 600, paymentMethodId: "paypal" },
      })
    ).json().data;
    await approve(action.paymentIntentId);
    const server = await startServer({ CRASH_AT: "paypal.confirmed" });
    await requestThatCrashes(server, "properties/submit-bid/confirm", bidder.token, action.confirmBody);
    expect((await paypalOrder(action.paymentIntentId))?.authorizationStatus).toBe("CREATED");
    await restartAndRecover();
    const [bid] = await db().select().from(bids).where(eq(bids.bidderId, bidder.userId));
    expect(bid?.status).toBe("failed");
    expect((await paypalOrder(action.paymentIntentId))?.authorizationStatus).toBe("VOIDED");
    await agree();
  }, 120_000);

  it("a PayPal bid killed after PayPal made its order, before the id was noted, finds that order by sending the create again", async () => {
    const { listed } = await listedBuilding();
    const bidder = await signUp(t);
    const server = await startServer({ CRASH_AT: "bid.answered" });
    await requestThatCrashes(server, "properties/submit-bid", bidder.token, {
      propertyId: listed?.id,
      bidAmount: 600,
      paymentMethodId: "paypal",
    });
    const [held] = await db().select().from(bids).where(eq(bids.bidderId, bidder.userId));
    expect(held).toMatchObject({ status: "holding", paymentIntentId: null, paymentMethodId: "paypal" });
    const ordersOfBid = () =>
      db()
        .select()
        .from(sandboxPaypalOrders)
        .where(eq(sandboxPaypalOrders.requestId, `bid:${held?.id}`));
    const [made] = await ordersOfBid();
    expect(made?.status).toBe("CREATED");
    await restartAndRecover();
    const [bid] = await db()
      .select()
      .from(bids)
      .where(eq(bids.id, held?.id ?? ""));
    // The order made before the crash, found again, let go; no second one was made.
    expect(bid).toMatchObject({ status: "failed", paymentIntentId: `paypal_${made?.id}` });
    expect(bid?.holdReleasedAt).not.toBeNull();
    expect(await ordersOfBid()).toHaveLength(1);
    await agree();
  }, 120_000);

  for (const point of ["accept.charged", "accept.settled"]) {
    it(`an accepted PayPal bid killed at ${point} is sold after restart, captured once`, async () => {
      const { seller, bidId } = await listingWithPaypalBid();
      const server = await startServer({ CRASH_AT: point });
      await requestThatCrashes(server, "properties/accept-bid", seller.token, { bidId });
      await restartAndRecover();
      const [bid] = await db().select().from(bids).where(eq(bids.id, bidId));
      expect(bid?.status).toBe("accepted");
      const order = await paypalOrder(bid?.paymentIntentId ?? "");
      expect(order).toMatchObject({ authorizationStatus: "CAPTURED", capturedCents: bid?.totalCents });
      await agree();
    }, 120_000);
  }

  for (const point of ["deletion.reserved", "deletion.sent"]) {
    it(`an account deletion killed at ${point} sends the earnings to the payer's PayPal account once`, async () => {
      const building = await newBuilding();
      const player = await signUp(t);
      const bought = await t.call("POST", "/api/v1/properties/buy", {
        token: player.token,
        body: { buildingId: building.id, bidAmount: building.base / 100, paymentMethodId: "paypal" },
      });
      const action = bought.json().data;
      await approve(action.paymentIntentId);
      expect(
        (await t.call("POST", action.confirmPath, { token: player.token, body: action.confirmBody }))
          .statusCode,
      ).toBe(200);
      await creditEarnings(db(), player.userId, 4_000);
      const server = await startServer({ CRASH_AT: point });
      await requestThatCrashes(server, `users/${player.userId}`, player.token, undefined, "DELETE");
      await restartAndRecover();
      const [refund] = await db()
        .select()
        .from(accountRefunds)
        .where(eq(accountRefunds.userId, player.userId));
      expect(refund).toMatchObject({ provider: "paypal", netCents: 3_900, state: "refunded" });
      const sent = await db()
        .select()
        .from(sandboxPaypalPayouts)
        .where(eq(sandboxPaypalPayouts.senderBatchId, `account-refund:${refund?.id}`));
      expect(sent).toEqual([
        expect.objectContaining({ receiver: SANDBOX_PAYPAL_PAYER_ID, amountCents: 3_900 }),
      ]);
      expect(await earningsOf(db(), player.userId)).toBe(0);
      expect(await checkLedger(db())).toEqual([]);
      await agree();
    }, 120_000);
  }

  it("a PayPal shop payment killed after the capture has its order written after restart", async () => {
    const email = `pp_crash_${Date.now()}@example.com`;
    const res = await t.call("POST", "/api/v1/shop/paypal/checkout", {
      body: {
        customerEmail: email,
        line_items: [{ price: "price_mx_snapback_cap", quantity: 1 }],
        address: UNTAXED_ADDRESS,
        shippingRate: "standard",
      },
    });
    const action = res.json().data;
    await approve(action.paymentIntentId);
    const server = await startServer({ CRASH_AT: "paypal.confirmed" });
    await requestThatCrashes(server, "shop/paypal/confirm", null, action.confirmBody);
    await restartAndRecover(
      async () => (await db().select().from(shopOrders).where(eq(shopOrders.email, email))).length > 0,
    );
    const orders = await db().select().from(shopOrders).where(eq(shopOrders.email, email));
    expect(orders).toHaveLength(1);
    expect(orders[0]?.provider).toBe("paypal");
    await agree();
  }, 120_000);
});
