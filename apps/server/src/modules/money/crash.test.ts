/**
 * The money operations survive a crash at any step. For each operation and each point between its writes and its
 * processor calls, a real server process is started with CRASH_AT naming that point, the operation is asked of it
 * over HTTP, and the process kills itself there with SIGKILL. A fresh server is then started on the same database;
 * its recovery runs; and the processor's records, ownership and the ledger must agree to the cent.
 *
 * PostgreSQL only: a killed process must leave a database another process can open, as a real server does.
 */

import {
  sandboxCardCredits,
  sandboxCheckoutSessions,
  sandboxPaymentIntents,
  sandboxPayouts,
} from "@mx/sandbox/schema";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { testConfig } from "../../config";
import { bids } from "../../db/schema/bids";
import { buildings, properties } from "../../db/schema/buildings";
import { developments } from "../../db/schema/developments";
import { paymentIntents } from "../../db/schema/payments";
import { accountRefunds, payouts } from "../../db/schema/payouts";
import { purchases } from "../../db/schema/purchases";
import { shopCheckouts, shopOrders } from "../../db/schema/shop";
import { collection, giveBuilding, osmFeature } from "../../test/buildings";
import { addCard, TEST_CARDS, tokenise } from "../../test/cards";
import { restartAndRecover as recoverAfterRestart, requestThatCrashes } from "../../test/crash";
import { createTestDatabase } from "../../test/database";
import { signUp, type TestApp, testAppOf } from "../../test/harness";
import { moneyProblems } from "../../test/money";
import { giveCredits } from "../../test/offerwall";
import { addPayoutCard, connectedPlayer, creditEarnings } from "../../test/payouts";
import { startServerProcess, unsettledOperations } from "../../test/server-process";
import { createCheckout } from "../../test/shop";
import { importBuildings } from "../buildings/import-buildings";
import { parseFootprints } from "../buildings/parse-footprints";
import { accounts, balanceOf } from "../ledger/ledger";

const isPostgres = process.env.DATABASE_URL?.startsWith("postgres") ?? false;
const SECRET = "crash-test-session-secret-0123456789abcdef";

let t: TestApp;
let url: string;
let drop: () => Promise<void>;
let buildingCounter = 0;

const db = () => t.app.deps.db;

const startServer = (env: Record<string, string> = {}) =>
  startServerProcess({ databaseUrl: url, sessionSecret: SECRET, env });

/** Starts a fresh server, lets its recovery settle every operation left in the middle, and stops it. */
const restartAndRecover = () =>
  recoverAfterRestart(
    startServer,
    async () => (await unsettled()) === 0,
    async () => `recovery left ${await unsettled()} operation(s) unsettled`,
  );

const unsettled = () => unsettledOperations(db());

/** The processor, ownership and the ledger agree: no charge without what it bought, nothing owned unpaid. */
async function expectAgreement() {
  expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
  const owned = await db()
    .select({ buildingId: properties.buildingId, ownerId: properties.ownerId })
    .from(properties)
    .where(
      inArray(
        properties.buildingId,
        await db()
          .select({ id: buildings.id })
          .from(buildings)
          .then((r) => r.map((b) => b.id)),
      ),
    );
  for (const { buildingId, ownerId } of owned) {
    if (!ownerId) continue;
    const [bought] = await db()
      .select({ id: purchases.id })
      .from(purchases)
      .where(
        and(
          eq(purchases.buildingId, buildingId),
          eq(purchases.userId, ownerId),
          eq(purchases.status, "completed"),
        ),
      );
    const [won] = await db()
      .select({ id: bids.id })
      .from(bids)
      .where(and(eq(bids.buildingId, buildingId), eq(bids.bidderId, ownerId), eq(bids.status, "accepted")));
    const [listed] = await db()
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.buildingId, buildingId));
    expect(
      bought ?? won ?? (sellers.has(ownerId) ? listed : undefined),
      `${buildingId} owned unpaid`,
    ).toBeDefined();
  }
}

/** Players who were given their buildings by the test (sellers), not sold them. */
const sellers = new Set<string>();

async function newBuilding(): Promise<{ id: string; base: number }> {
  buildingCounter += 1;
  const id = `way/${900_000 + buildingCounter}`;
  const { records, format } = parseFootprints(
    collection([osmFeature(id, -73.97 + buildingCounter * 0.001, 40.76, { levels: 4 })]),
  );
  await importBuildings(db(), records, format);
  const [row] = await db().select().from(buildings).where(eq(buildings.id, id));
  return { id, base: row?.basePriceCents ?? 0 };
}

async function buyer() {
  const player = await signUp(t);
  await addCard(t, player.token);
  return player;
}

/** A building for sale by a seller, and a bid placed on it (through the in-process app). */
async function listingWithBid() {
  const building = await newBuilding();
  const seller = await signUp(t);
  sellers.add(seller.userId);
  await giveBuilding(db(), building.id, seller.userId, 40_000);
  await db()
    .update(properties)
    .set({ forSale: true, askCents: 50_000 })
    .where(eq(properties.buildingId, building.id));
  const [listed] = await db().select().from(properties).where(eq(properties.buildingId, building.id));
  const bidder = await buyer();
  const placed = await t.call("POST", "/api/v1/properties/submit-bid", {
    token: bidder.token,
    body: { propertyId: listed?.id, bidAmount: 600, isApplePay: false },
  });
  expect(placed.statusCode).toBe(200);
  return {
    seller,
    bidder,
    propertyId: listed?.id ?? "",
    bidId: placed.json().data.bid.bidId as string,
    building,
  };
}

describe.runIf(isPostgres)("money operations survive SIGKILL at every step", () => {
  beforeAll(async () => {
    const created = await createTestDatabase();
    if (!created.url) throw new Error("PostgreSQL expected");
    url = created.url;
    drop = created.drop;
    const app = await buildApp({ config: testConfig({ sessionSecret: SECRET }), database: created.database });
    await app.ready();
    t = testAppOf(app, () => app.close());
    // Not an empty catalogue nor a playerless game, which a server's first start would fill with demo data.
    await newBuilding();
    await signUp(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await drop?.();
  });

  for (const point of ["purchase.reserved", "purchase.charged", "purchase.noted", "purchase.settled"]) {
    it(`a purchase killed at ${point}`, async () => {
      const building = await newBuilding();
      const player = await buyer();
      const server = await startServer({ CRASH_AT: point });
      await requestThatCrashes(server, "properties/buy", player.token, {
        buildingId: building.id,
        bidAmount: building.base / 100,
        isApplePay: false,
      });
      await restartAndRecover();
      await expectAgreement();
      const [purchase] = await db().select().from(purchases).where(eq(purchases.userId, player.userId));
      // Reserved but never charged: it fails. Charged: it is completed, as the buyer asked.
      expect(purchase?.status).toBe(point === "purchase.reserved" ? "failed" : "completed");
    }, 120_000);
  }

  it("a purchase killed while refunding a charge whose ownership could not be written", async () => {
    const building = await newBuilding();
    const player = await buyer();
    const server = await startServer({ CRASH_AT: "purchase.refunding", FAIL_AT: "purchase.settle" });
    await requestThatCrashes(server, "properties/buy", player.token, {
      buildingId: building.id,
      bidAmount: building.base / 100,
      isApplePay: false,
    });
    await restartAndRecover();
    await expectAgreement();
    const [purchase] = await db().select().from(purchases).where(eq(purchases.userId, player.userId));
    expect(purchase?.status).toBe("refunded");
  }, 120_000);

  // Purchases paid partly with offer-wall credits: recovery keeps the credits of a purchase it completes and gives
  // back those of one it fails or refunds, exactly once either way.
  for (const [point, failAt] of [
    ["purchase.reserved", null],
    ["purchase.charged", null],
    ["purchase.refunding", "purchase.settle"],
  ] as const) {
    it(`a purchase paid partly with credits killed at ${point}${failAt ? ` (ownership failing)` : ""}`, async () => {
      const building = await newBuilding();
      const player = await buyer();
      await giveCredits(t, player.userId, 1500);
      const server = await startServer({
        CRASH_AT: point,
        OFFERWALL_CREDIT_HOLD_HOURS: "0",
        ...(failAt ? { FAIL_AT: failAt } : {}),
      });
      await requestThatCrashes(server, "properties/buy", player.token, {
        buildingId: building.id,
        bidAmount: building.base / 100,
        credits: 12.5,
        isApplePay: false,
      });
      await restartAndRecover();
      await expectAgreement();
      const [purchase] = await db().select().from(purchases).where(eq(purchases.userId, player.userId));
      const kept = point === "purchase.charged";
      expect(purchase?.status).toBe(
        kept ? "completed" : point === "purchase.reserved" ? "failed" : "refunded",
      );
      expect(await balanceOf(db(), accounts.credits(player.userId))).toBe(kept ? 250 : 1500);
      expect(await balanceOf(db(), accounts.creditsHeld)).toBe(0);
    }, 120_000);
  }

  // Developing a building: the operation on the shared skeleton (money/operation.ts), killed at each of its steps.
  async function ownerWithBuilding() {
    const building = await newBuilding();
    const player = await buyer();
    sellers.add(player.userId);
    await giveBuilding(db(), building.id, player.userId, 100_000);
    return { building, player };
  }
  const developmentOf = async (buildingId: string) =>
    (await db().select().from(developments).where(eq(developments.buildingId, buildingId)))[0];

  for (const point of [
    "development.reserved",
    "development.charged",
    "development.noted",
    "development.settled",
  ]) {
    it(`a development killed at ${point}`, async () => {
      const { building, player } = await ownerWithBuilding();
      const server = await startServer({ CRASH_AT: point });
      await requestThatCrashes(server, "properties/develop", player.token, {
        propertyId: building.id,
        kind: "facade",
      });
      await restartAndRecover();
      await expectAgreement();
      const development = await developmentOf(building.id);
      // Reserved but never charged: released. Charged: construction starts, as the owner asked.
      expect(development?.state).toBe(point === "development.reserved" ? "failed" : "constructing");
      const [property] = await db().select().from(properties).where(eq(properties.buildingId, building.id));
      expect(property?.constructingUntil !== null).toBe(point !== "development.reserved");
      expect(await balanceOf(db(), accounts.developmentRevenue)).toBeGreaterThanOrEqual(
        point === "development.reserved" ? 0 : 10_000,
      );
    }, 120_000);
  }

  it("a development killed while refunding a charge whose construction could not start", async () => {
    const { building, player } = await ownerWithBuilding();
    const server = await startServer({ CRASH_AT: "development.refunding", FAIL_AT: "development.settle" });
    await requestThatCrashes(server, "properties/develop", player.token, {
      propertyId: building.id,
      kind: "facade",
    });
    await restartAndRecover();
    await expectAgreement();
    expect((await developmentOf(building.id))?.state).toBe("refunded");
  }, 120_000);

  for (const point of ["development.reserved", "development.charged"]) {
    it(`a development paid partly with credits killed at ${point}`, async () => {
      const { building, player } = await ownerWithBuilding();
      await giveCredits(t, player.userId, 1500);
      const server = await startServer({ CRASH_AT: point, OFFERWALL_CREDIT_HOLD_HOURS: "0" });
      await requestThatCrashes(server, "properties/develop", player.token, {
        propertyId: building.id,
        kind: "facade",
        credits: 12.5,
      });
      await restartAndRecover();
      await expectAgreement();
      const kept = point === "development.charged";
      expect((await developmentOf(building.id))?.state).toBe(kept ? "constructing" : "failed");
      expect(await balanceOf(db(), accounts.credits(player.userId))).toBe(kept ? 250 : 1500);
      expect(await balanceOf(db(), accounts.creditsHeld)).toBe(0);
    }, 120_000);
  }

  it("a purchase paid wholly with credits killed after its reservation gives the credits back once", async () => {
    const building = await newBuilding();
    const player = await signUp(t);
    const total = building.base + 899;
    const cap = t.app.deps.config.offerwall.dailyCapCents;
    t.app.deps.config.offerwall.dailyCapCents = total;
    await giveCredits(t, player.userId, total).finally(() => {
      t.app.deps.config.offerwall.dailyCapCents = cap;
    });
    const server = await startServer({ CRASH_AT: "purchase.reserved", OFFERWALL_CREDIT_HOLD_HOURS: "0" });
    await requestThatCrashes(server, "properties/buy", player.token, {
      buildingId: building.id,
      bidAmount: building.base / 100,
      credits: total / 100,
      isApplePay: false,
    });
    await restartAndRecover();
    await expectAgreement();
    const [purchase] = await db().select().from(purchases).where(eq(purchases.userId, player.userId));
    expect(purchase?.status).toBe("failed");
    expect(await balanceOf(db(), accounts.credits(player.userId))).toBe(total);
  }, 120_000);

  for (const point of ["bid.reserved", "bid.charged", "bid.settled"]) {
    it(`a bid killed at ${point}`, async () => {
      const { propertyId } = await listingWithBid();
      const second = await buyer();
      const server = await startServer({ CRASH_AT: point });
      await requestThatCrashes(server, "properties/submit-bid", second.token, {
        propertyId,
        bidAmount: 700,
        isApplePay: false,
      });
      await restartAndRecover();
      await expectAgreement();
      const [bid] = await db().select().from(bids).where(eq(bids.bidderId, second.userId));
      expect(bid?.status).toBe(point === "bid.settled" ? "pending" : "failed");
    }, 120_000);
  }

  for (const point of ["accept.reserved", "accept.charged", "accept.settled"]) {
    it(`an accepted bid killed at ${point}`, async () => {
      const { seller, bidId } = await listingWithBid();
      const server = await startServer({ CRASH_AT: point });
      await requestThatCrashes(server, "properties/accept-bid", seller.token, { bidId });
      await restartAndRecover();
      await expectAgreement();
      const [bid] = await db().select().from(bids).where(eq(bids.id, bidId));
      // Never captured: back to pending, for the owner to accept again. Captured: the sale is completed.
      expect(bid?.status).toBe(point === "accept.reserved" ? "pending" : "accepted");
    }, 120_000);
  }

  it("an accepted bid killed while refunding a capture whose sale could not be written", async () => {
    const { seller, bidId } = await listingWithBid();
    const server = await startServer({ CRASH_AT: "accept.refunding", FAIL_AT: "accept.settle" });
    await requestThatCrashes(server, "properties/accept-bid", seller.token, { bidId });
    await restartAndRecover();
    await expectAgreement();
    const [bid] = await db().select().from(bids).where(eq(bids.id, bidId));
    expect(bid?.status).toBe("failed");
  }, 120_000);

  it("a declined bid killed before its hold was let go", async () => {
    const { seller, bidId } = await listingWithBid();
    const server = await startServer({ CRASH_AT: "bid.closed" });
    await requestThatCrashes(server, "properties/reject-bid", seller.token, { bidId });
    await restartAndRecover();
    await expectAgreement();
    const [bid] = await db().select().from(bids).where(eq(bids.id, bidId));
    expect(bid?.status).toBe("rejected");
    expect(bid?.holdReleasedAt).not.toBeNull();
  }, 120_000);

  // Letting a hold go: a processor request under the bid's key (`bid-release:<id>`), its answer recorded.
  for (const point of ["bid-release.reserved", "bid-release.sent"]) {
    it(`a declined bid killed at ${point}`, async () => {
      const { seller, bidId } = await listingWithBid();
      const server = await startServer({ CRASH_AT: point });
      await requestThatCrashes(server, "properties/reject-bid", seller.token, { bidId });
      await restartAndRecover();
      await expectAgreement();
      const [bid] = await db().select().from(bids).where(eq(bids.id, bidId));
      expect(bid?.status).toBe("rejected");
      expect(bid?.holdReleasedAt).not.toBeNull();
      const [hold] = await db()
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.id, bid?.paymentIntentId ?? ""));
      expect(hold?.status).toBe("canceled");
      const [intent] = await db()
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.id, bid?.paymentIntentId ?? ""));
      expect(intent?.status).toBe("canceled");
    }, 120_000);
  }

  it("a shop payment killed before its order was written", async () => {
    const email = `shopper${Date.now()}@example.com`;
    const clientSecret = await createCheckout(t, email, [{ price: "price_mx_snapback_cap", quantity: 1 }]);
    const token = (await tokenise(t, TEST_CARDS.visa)).json().data.id as string;
    const server = await startServer({ CRASH_AT: "shop.paid" });
    const answer = await fetch(`${server.base}/api/v1/sandbox/checkout/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ clientSecret, token }),
    }).then(
      (res) => res.status,
      () => "connection lost",
    );
    expect(await server.exited).toBe("SIGKILL");
    expect(answer).toBe("connection lost");
    const restarted = await startServer();
    const deadline = Date.now() + 30_000;
    let orders = await db().select().from(shopOrders).where(eq(shopOrders.email, email));
    while (orders.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      orders = await db().select().from(shopOrders).where(eq(shopOrders.email, email));
    }
    restarted.child.kill("SIGKILL");
    await restarted.exited;
    expect(orders).toHaveLength(1);
    await expectAgreement();
  }, 120_000);

  for (const point of ["shop-checkout.reserved", "shop-checkout.sent"]) {
    it(`a shop checkout killed at ${point} is abandoned, with no way left to pay it`, async () => {
      const email = `opened${Date.now()}@example.com`;
      const server = await startServer({ CRASH_AT: point });
      await requestThatCrashes(server, "stripe/webhooks/create-checkout-session", null, {
        customerEmail: email,
        line_items: [{ price: "price_mx_snapback_cap", quantity: 1 }],
      });
      await restartAndRecover();
      const rows = await db().select().from(shopCheckouts).where(eq(shopCheckouts.email, email));
      expect(rows.map((r) => [r.state, r.sessionId])).toEqual([["abandoned", null]]);
      // The processor was asked under the row's key at most once; no order, no money.
      const sessions = await db()
        .select()
        .from(sandboxCheckoutSessions)
        .where(eq(sandboxCheckoutSessions.idempotencyKey, rows[0]?.processorKey ?? ""));
      expect(sessions).toHaveLength(point === "shop-checkout.sent" ? 1 : 0);
      expect(await db().select().from(shopOrders).where(eq(shopOrders.email, email))).toEqual([]);
      await expectAgreement();
    }, 120_000);
  }

  for (const point of ["payout.reserved", "payout.sent"]) {
    it(`an instant payout killed at ${point}`, async () => {
      const player = await connectedPlayer(t);
      expect((await addPayoutCard(t, player.token)).statusCode).toBe(201);
      await creditEarnings(db(), player.userId, 5_000);
      const server = await startServer({ CRASH_AT: point, PAYOUT_HOLD_HOURS: "0" });
      await requestThatCrashes(server, "users/instant-payout-card", player.token, { amount: 2_000 });
      await restartAndRecover();
      const rows = await db().select().from(payouts).where(eq(payouts.userId, player.userId));
      expect(rows.map((r) => r.state)).toEqual(["paid"]);
      // Sent once, whether or not the first process got the processor's answer.
      const sent = await db()
        .select()
        .from(sandboxPayouts)
        .where(eq(sandboxPayouts.reference, rows[0]?.id ?? ""));
      expect(sent).toHaveLength(1);
      await expectAgreement();
    }, 120_000);
  }

  for (const point of ["deletion.reserved", "deletion.sent"]) {
    it(`an account deletion killed at ${point} refunds the earnings to the card once`, async () => {
      const player = await buyer();
      await creditEarnings(db(), player.userId, 5_000);
      const server = await startServer({ CRASH_AT: point });
      await requestThatCrashes(server, `users/${player.userId}`, player.token, undefined, "DELETE");
      await restartAndRecover();
      const refunds = await db()
        .select()
        .from(accountRefunds)
        .where(eq(accountRefunds.userId, player.userId));
      expect(refunds.map((r) => r.state)).toEqual(["refunded"]);
      const credited = await db()
        .select()
        .from(sandboxCardCredits)
        .where(eq(sandboxCardCredits.reference, refunds[0]?.id ?? ""));
      expect(credited).toHaveLength(1);
      await expectAgreement();
    }, 120_000);
  }

  /** Starts a server whose recovery at start reaches its CRASH_AT, and waits until that has killed it. */
  async function killedInRecovery(env: Record<string, string>) {
    let server: Awaited<ReturnType<typeof startServer>>;
    try {
      server = await startServer(env);
    } catch (error) {
      // Killed by its recovery before it answered /readyz.
      expect(String(error)).toMatch(/server exited/);
      return;
    }
    const ended = await Promise.race([
      server.exited,
      new Promise((resolve) => setTimeout(() => resolve("still running"), 30_000)),
    ]);
    if (ended !== "SIGKILL") server.child.kill("SIGKILL");
    expect(ended).toBe("SIGKILL");
  }

  // The account deleted while a purchase, a bid or a development waits for the bank's check; the check completed
  // afterwards; recovery, refunding what the deleted player paid, killed before the processor is asked.
  for (const kind of ["purchase", "bid", "development"] as const) {
    it(`a ${kind} whose player deleted their account before the bank's check, killed while refunding it`, async () => {
      const player = await signUp(t);
      await addCard(t, player.token, TEST_CARDS.authenticate);
      const building = await newBuilding();
      let res: Awaited<ReturnType<typeof t.call>>;
      if (kind === "purchase") {
        res = await t.call("POST", "/api/v1/properties/buy", {
          token: player.token,
          body: { buildingId: building.id, bidAmount: building.base / 100, isApplePay: false },
        });
      } else if (kind === "bid") {
        const seller = await signUp(t);
        sellers.add(seller.userId);
        await giveBuilding(db(), building.id, seller.userId, 40_000);
        await db()
          .update(properties)
          .set({ forSale: true, askCents: 50_000 })
          .where(eq(properties.buildingId, building.id));
        const [listed] = await db().select().from(properties).where(eq(properties.buildingId, building.id));
        res = await t.call("POST", "/api/v1/properties/submit-bid", {
          token: player.token,
          body: { propertyId: listed?.id, bidAmount: 600, isApplePay: false },
        });
      } else {
        sellers.add(player.userId);
        await giveBuilding(db(), building.id, player.userId, 100_000);
        res = await t.call("POST", "/api/v1/properties/develop", {
          token: player.token,
          body: { propertyId: building.id, kind: "facade" },
        });
      }
      expect(res.statusCode, res.body).toBe(202);
      const action = res.json().data;
      const gone = await t.call("DELETE", `/api/v1/users/${player.userId}`, { token: player.token });
      expect(gone.statusCode, gone.body).toBe(200);
      const page = await t.call("POST", action.nextActionUrl, {
        body: "outcome=complete",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(page.statusCode).toBe(200);

      await killedInRecovery({ CRASH_AT: `${kind}.refunding` });
      await restartAndRecover();
      await expectAgreement();

      const [property] = await db().select().from(properties).where(eq(properties.buildingId, building.id));
      expect(property?.ownerId).not.toBe(player.userId);
      expect(property?.constructingUntil ?? null).toBeNull();
      const [intent] = await db()
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.id, action.paymentIntentId));
      // Taken and given back in full, or a hold let go.
      if (kind === "bid") expect(intent?.status).toBe("canceled");
      else expect(intent?.refundedCents).toBe(intent?.amountCents);
      const id = String(Object.values(action.confirmBody ?? {})[0]);
      const state =
        kind === "purchase"
          ? (await db().select().from(purchases).where(eq(purchases.id, id)))[0]?.status
          : kind === "bid"
            ? (await db().select().from(bids).where(eq(bids.id, id)))[0]?.status
            : (await db().select().from(developments).where(eq(developments.id, id)))[0]?.state;
      expect(state).toBe(kind === "bid" ? "failed" : "refunded");
    }, 120_000);
  }
});
