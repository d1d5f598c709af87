import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildings } from "../../db/schema/buildings";
import { purchases } from "../../db/schema/purchases";
import { importSampleCity } from "../../test/buildings";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { moneyProblems } from "../../test/money";
import { type PaypalEmulator, startPaypalEmulator } from "../../test/paypal-emulator";
import { orderIdOf } from "./paypal-gateway";

let emulator: PaypalEmulator;
let t: TestApp;
beforeAll(async () => {
  emulator = await startPaypalEmulator();
  t = await createTestApp({
    paypal: {
      clientId: "emulator-client-id",
      clientSecret: "emulator-secret",
      environment: "sandbox",
      webhookId: "WH-EMULATOR",
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
    emulator.approve(orderId);
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
      webhook_id: "WH-EMULATOR",
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
