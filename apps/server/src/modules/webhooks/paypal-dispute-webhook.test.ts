import { type PaypalEmulator, startPaypalEmulator } from "@mx/sandbox/http/paypal";
import { openSandboxPaypalDispute, resolveSandboxPaypalDispute } from "@mx/sandbox/paypal-disputes";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildings, properties } from "../../db/schema/buildings";
import { disputes } from "../../db/schema/disputes";
import { purchases } from "../../db/schema/purchases";
import { importSampleCity } from "../../test/buildings";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { moneyProblems } from "../../test/money";
import { checkLedger } from "../ledger/check-ledger";
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
const deliver = (event: unknown) =>
  t.call("POST", "/api/v1/paypal/webhooks", {
    body: event,
    headers: {
      "paypal-auth-algo": "SHA256withRSA",
      "paypal-cert-url": "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1",
      "paypal-transmission-id": "c3384410-f8d2-11ee-8f26-7d2e4a2c7a2a",
      "paypal-transmission-sig": "emulator-signature",
      "paypal-transmission-time": new Date().toISOString(),
    },
  });

/** A building bought with PayPal, its order approved and captured. */
async function boughtWithPaypal(buildingId: string) {
  const buyer = await signUp(t);
  const [building] = await db().select().from(buildings).where(eq(buildings.id, buildingId));
  const res = await t.call("POST", "/api/v1/properties/buy", {
    token: buyer.token,
    body: { buildingId, bidAmount: (building?.basePriceCents ?? 0) / 100, paymentMethodId: "paypal" },
  });
  const action = res.json().data;
  await emulator.approve(orderIdOf(action.paymentIntentId));
  const confirmed = await t.call("POST", action.confirmPath, {
    token: buyer.token,
    body: action.confirmBody,
  });
  expect(confirmed.statusCode).toBe(200);
  const [purchase] = await db().select().from(purchases).where(eq(purchases.userId, buyer.userId));
  expect(purchase?.status).toBe("completed");
  // What PayPal captured: the price with its fee and tax.
  return { intentId: String(action.paymentIntentId), amountCents: purchase?.totalCents ?? 0 };
}

const frozenBy = async (buildingId: string) =>
  (await db().select().from(properties).where(eq(properties.buildingId, buildingId)))[0]?.frozenDisputeId ??
  null;

describe("PayPal's dispute notices, through the disputes module, with PayPal (its HTTP emulator)", () => {
  it("records a payer's dispute and freezes the building, reconciles it, and unfreezes it when the seller wins", async () => {
    const { intentId, amountCents } = await boughtWithPaypal("way/1");
    const opened = await openSandboxPaypalDispute(emulator.db, orderIdOf(intentId), "UNAUTHORISED");
    const created = await deliver({
      id: "WH-DISPUTE-1",
      event_type: "CUSTOMER.DISPUTE.CREATED",
      resource: { dispute_id: opened.id },
    });
    expect(created.json().data).toEqual({ received: true, duplicate: false, ignored: false });
    const [row] = await db().select().from(disputes).where(eq(disputes.processorId, opened.id));
    expect(row).toMatchObject({
      processor: "paypal",
      paymentIntentId: intentId,
      amountCents,
      state: "needs_response",
      fundsWithdrawn: true,
    });
    expect(await frozenBy("way/1")).toBe(row?.id);
    expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);

    // Our record altered: ledger:check names it.
    await db().update(disputes).set({ state: "won" }).where(eq(disputes.processorId, opened.id));
    expect(await moneyProblems(db(), t.app.deps.gateway)).toContain(
      `dispute ${row?.id} (${opened.id}) is won here, but needs_response at the processor`,
    );
    await db().update(disputes).set({ state: "needs_response" }).where(eq(disputes.processorId, opened.id));

    await t.app.deps.gateway.submitDisputeEvidence({ id: opened.id, text: "winning_evidence" });
    await resolveSandboxPaypalDispute(emulator.db, opened.id, "RESOLVED_SELLER_FAVOUR");
    const resolved = await deliver({
      id: "WH-DISPUTE-2",
      event_type: "CUSTOMER.DISPUTE.RESOLVED",
      resource: { dispute_id: opened.id },
    });
    expect(resolved.statusCode).toBe(200);
    const [won] = await db().select().from(disputes).where(eq(disputes.processorId, opened.id));
    expect(won?.state).toBe("won");
    expect(await frozenBy("way/1")).toBeNull();
    expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
  });

  it("records a reversed capture as a dispute already lost, once, with the ledger balanced", async () => {
    const { intentId, amountCents } = await boughtWithPaypal("way/2");
    const order = await emulator.order(orderIdOf(intentId));
    const captureId = String(
      ((order?.purchase_units as { payments?: { captures?: { id?: string }[] } }[] | undefined)?.[0]?.payments
        ?.captures ?? [])[0]?.id,
    );
    // PayPal has the capture reversed (the sandbox's PayPal never reverses one).
    const reversed = {
      status: 200,
      body: {
        id: captureId,
        status: "REVERSED",
        amount: { currency_code: "USD", value: (amountCents / 100).toFixed(2) },
        supplementary_data: { related_ids: { order_id: orderIdOf(intentId) } },
      },
    };
    const event = {
      id: "WH-REVERSED-1",
      event_type: "PAYMENT.CAPTURE.REVERSED",
      create_time: "2026-11-28T09:00:00Z",
      resource: {
        id: "REFUND-OF-REVERSAL",
        links: [{ rel: "up", href: `https://api.sandbox.paypal.com/v2/payments/captures/${captureId}` }],
      },
    };
    emulator.replyOnce("GET", `/v2/payments/captures/${captureId}`, reversed);
    expect((await deliver(event)).json().data).toEqual({ received: true, duplicate: false, ignored: false });
    emulator.replyOnce("GET", `/v2/payments/captures/${captureId}`, reversed);
    expect((await deliver({ ...event, id: "WH-REVERSED-2" })).statusCode).toBe(200);
    const rows = await db().select().from(disputes).where(eq(disputes.paymentIntentId, intentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      processor: "paypal",
      processorId: `reversal:${captureId}`,
      amountCents,
      reason: "capture_reversed",
      state: "lost",
    });
    expect(await checkLedger(db())).toEqual([]);
  });
});
