import { type PaypalEmulator, startPaypalEmulator } from "@mx/sandbox/http/paypal";
import { sandboxPaypalPayouts } from "@mx/sandbox/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildings } from "../../db/schema/buildings";
import { accountRefunds } from "../../db/schema/payouts";
import { purchases } from "../../db/schema/purchases";
import { importSampleCity } from "../../test/buildings";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { moneyProblems } from "../../test/money";
import { creditEarnings, earningsOf } from "../../test/payouts";
import { orderIdOf } from "../payments/paypal-gateway";

let emulator: PaypalEmulator;
let t: TestApp;
beforeAll(async () => {
  emulator = await startPaypalEmulator();
  t = await createTestApp({
    paypal: {
      clientId: "emulator-client-id",
      clientSecret: "emulator-secret",
      environment: "sandbox",
      webhookId: "5GP028458E2496506",
      apiBase: emulator.url,
    },
  });
  await importSampleCity(t.app.deps.db);
});
afterAll(async () => {
  await t.close();
  await emulator.close();
});

const db = () => t.app.deps.db;
const deliver = (event: unknown, signature = "emulator-signature") =>
  t.call("POST", "/api/v1/paypal/webhooks", {
    body: event,
    headers: {
      "paypal-auth-algo": "SHA256withRSA",
      "paypal-cert-url": "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1",
      "paypal-transmission-id": "b2384410-f8d2-11ee-8f26-7d2e4a2c7a2a",
      "paypal-transmission-sig": signature,
      "paypal-transmission-time": new Date().toISOString(),
    },
  });

describe("PayPal's webhook, with PayPal (its HTTP emulator)", () => {
  it("offers PayPal's buttons with the client id", async () => {
    const res = await t.call("GET", "/api/v1/config");
    expect(res.json().data.paypal).toEqual({ kind: "paypal", clientId: "emulator-client-id" });
  });

  it("finishes a purchase whose buyer approved at PayPal but never came back: verified, captured once, owned", async () => {
    const buyer = await signUp(t);
    const [building] = await db().select().from(buildings).where(eq(buildings.id, "way/1"));
    const res = await t.call("POST", "/api/v1/properties/buy", {
      token: buyer.token,
      body: {
        buildingId: "way/1",
        bidAmount: (building?.basePriceCents ?? 0) / 100,
        paymentMethodId: "paypal",
      },
    });
    expect(res.statusCode).toBe(202);
    const action = res.json().data;
    // PayPal's own approval page, for PayPal's buttons.
    expect(action.nextActionUrl).toMatch(/^https:\/\/www\.sandbox\.paypal\.com\/checkoutnow\?token=/);
    const orderId = orderIdOf(action.paymentIntentId);
    await emulator.approve(orderId);
    const event = {
      id: "WH-1A2B3C",
      event_type: "CHECKOUT.ORDER.APPROVED",
      resource: { id: orderId, status: "APPROVED" },
    };

    // A delivery PayPal did not sign is refused and changes nothing.
    const forged = await deliver(event, "forged");
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe("Invalid webhook signature.");
    const verify = emulator.requests.filter((r) => r.path === "/v1/notifications/verify-webhook-signature");
    expect(verify.at(-1)?.body).toMatchObject({
      auth_algo: "SHA256withRSA",
      transmission_id: "b2384410-f8d2-11ee-8f26-7d2e4a2c7a2a",
      transmission_sig: "forged",
      webhook_id: "5GP028458E2496506",
      webhook_event: event,
    });
    const [waiting] = await db().select().from(purchases).where(eq(purchases.userId, buyer.userId));
    expect(waiting?.status).toBe("pending");

    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ received: true, duplicate: false, ignored: false });
    const [done] = await db().select().from(purchases).where(eq(purchases.userId, buyer.userId));
    expect(done?.status).toBe("completed");
    const captures = emulator.requests.filter((r) => r.path === `/v2/checkout/orders/${orderId}/capture`);
    expect(captures.map((r) => r.requestId)).toEqual([`capture:${orderId}`]);

    // Replayed: recorded once, nothing more.
    const again = await deliver(event);
    expect(again.json().data).toEqual({ received: true, duplicate: true, ignored: false });
    // The buyer's own confirmation afterwards finds it bought.
    const confirmed = await t.call("POST", action.confirmPath, {
      token: buyer.token,
      body: action.confirmBody,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(emulator.requests.filter((r) => r.path === `/v2/checkout/orders/${orderId}/capture`)).toHaveLength(
      1,
    );
    expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
  });

  it("reads a deleted account's PayPal refund again when PayPal says its payout item changed, and owes a returned one again", async () => {
    const player = await signUp(t);
    const [building] = await db().select().from(buildings).where(eq(buildings.id, "way/2"));
    const bought = await t.call("POST", "/api/v1/properties/buy", {
      token: player.token,
      body: {
        buildingId: "way/2",
        bidAmount: (building?.basePriceCents ?? 0) / 100,
        paymentMethodId: "paypal",
      },
    });
    expect(bought.statusCode).toBe(202);
    const action = bought.json().data;
    await emulator.approve(orderIdOf(action.paymentIntentId));
    expect(
      (await t.call("POST", action.confirmPath, { token: player.token, body: action.confirmBody }))
        .statusCode,
    ).toBe(200);
    await creditEarnings(db(), player.userId, 3_000);
    expect(
      (await t.call("DELETE", `/api/v1/users/${player.userId}`, { token: player.token })).statusCode,
    ).toBe(200);
    const refund = async () =>
      (await db().select().from(accountRefunds).where(eq(accountRefunds.userId, player.userId)))[0];
    const sent = await refund();
    // PayPal's answer to the create call names no item yet.
    expect(sent).toMatchObject({ provider: "paypal", state: "refunded", providerStatus: null });
    const batchId = sent?.providerCreditId ?? "";
    const items = (await emulator.payout(batchId))?.items as { transaction_status: string }[] | undefined;
    if (!items?.[0]) throw new Error("no payout item");

    const succeeded = await deliver({
      id: "WH-PAYOUT-1",
      event_type: "PAYMENT.PAYOUTS-ITEM.SUCCEEDED",
      resource: { payout_batch_id: batchId, transaction_status: "SUCCESS" },
    });
    expect(succeeded.json().data).toEqual({ received: true, duplicate: false, ignored: false });
    expect(await refund()).toMatchObject({ state: "refunded", providerStatus: "SUCCESS" });
    expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);

    // Later PayPal takes it back. The event's own word is not trusted: the payout is read again.
    await emulator.db
      .update(sandboxPaypalPayouts)
      .set({ itemStatus: "RETURNED" })
      .where(eq(sandboxPaypalPayouts.id, batchId));
    expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([
      `deletion refund ${sent?.id} is refunded but PayPal's payout ${batchId} was RETURNED`,
    ]);
    const returned = {
      id: "WH-PAYOUT-2",
      event_type: "PAYMENT.PAYOUTS-ITEM.RETURNED",
      resource: { payout_batch_id: batchId, transaction_status: "RETURNED" },
    };
    expect((await deliver(returned)).statusCode).toBe(200);
    expect(await refund()).toMatchObject({
      state: "failed",
      providerStatus: "RETURNED",
      failureMessage: `PayPal's payout ${batchId} was returned`,
    });
    expect(await earningsOf(db(), player.userId)).toBe(3_000);
    expect((await deliver(returned)).json().data.duplicate).toBe(true);
    expect(await earningsOf(db(), player.userId)).toBe(3_000);
    expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
  });

  it("records other events without acting, and refuses a malformed delivery", async () => {
    const other = await deliver({ id: "WH-OTHER", event_type: "BILLING.PLAN.CREATED", resource: {} });
    expect(other.json().data).toEqual({ received: true, duplicate: false, ignored: true });
    const malformed = await deliver({ event_type: "CHECKOUT.ORDER.APPROVED" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain("id");
    const unsigned = await t.call("POST", "/api/v1/paypal/webhooks", {
      body: { id: "WH-X", event_type: "CHECKOUT.ORDER.APPROVED" },
    });
    expect(unsigned.statusCode).toBe(400);
  });
});
