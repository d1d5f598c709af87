import { type StripeEmulator, startStripeEmulator } from "@mx/sandbox/http/stripe";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ledgerEntries, ledgerJournals } from "../../db/schema/ledger";
import { paymentCustomers } from "../../db/schema/payments";
import { shopOrders } from "../../db/schema/shop";
import { createTestApp, mailbox as readMailbox, signUp, type TestApp } from "../../test/harness";
import { createCheckout, newShopper } from "../../test/shop";

const WEBHOOK_SECRET = "whsec_shop_emulator_secret";

let emulator: StripeEmulator;
let t: TestApp;

beforeAll(async () => {
  emulator = await startStripeEmulator();
  t = await createTestApp({
    stripe: {
      secretKey: "sk_test_shop_emulator",
      publishableKey: "pk_test_shop_emulator",
      webhookSecret: WEBHOOK_SECRET,
      apiBase: emulator.url,
    },
  });
});
afterAll(async () => {
  await t.close();
  await emulator.close();
});
beforeEach(() => emulator.reset());

async function openCheckout(email: string) {
  const clientSecret = await createCheckout(t, email, [
    { price: "price_mx_snapback_cap", quantity: 1 },
    { price: "price_mx_broker_sticker", quantity: 4 },
  ]);
  const sessionId = clientSecret.split("_secret_")[0] ?? "";
  return { clientSecret, sessionId };
}

/** What Stripe holds once the customer has paid in the embedded form. */
async function payAtStripe(sessionId: string) {
  const session = await emulator.checkoutSession(sessionId);
  if (!session) throw new Error(`no emulator session ${sessionId}`);
  // Express to Manhattan; Stripe Tax's combined New York City rate (8.875%) on the goods and the shipping.
  const subtotal = Number(session.amount_subtotal);
  const tax = Math.round((subtotal + 1500) * 0.08875);
  await emulator.completeCheckout(sessionId, {
    address: {
      name: "Ada Shopper",
      line1: "350 Fifth Avenue",
      line2: "Floor 86",
      city: "New York",
      state: "NY",
      postalCode: "10118",
      country: "US",
    },
    rate: "express",
    taxCents: tax,
  });
  expect(await emulator.checkoutSession(sessionId)).toMatchObject({
    status: "complete",
    payment_status: "paid",
    amount_total: subtotal + 1500 + tax,
    total_details: { amount_discount: 0, amount_shipping: 1500, amount_tax: tax },
    shipping_cost: { shipping_rate: { display_name: "Express shipping", metadata: { rate: "express" } } },
  });
}

let eventCounter = 0;
function checkoutEvent(sessionId: string, claims: Record<string, unknown> = {}, id?: string) {
  return JSON.stringify({
    id: id ?? `evt_shop_${++eventCounter}_${Date.now()}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: sessionId, object: "checkout.session", ...claims } },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: "checkout.session.completed",
  });
}

const deliver = (payload: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/stripe/webhooks",
    headers: {
      "content-type": "application/json",
      "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });

const status = (sessionId: string) =>
  t.call("GET", `/api/v1/stripe/webhooks/session-status?session_id=${encodeURIComponent(sessionId)}`);

async function mailbox(email: string): Promise<{ subject: string; text: string }[]> {
  return await readMailbox(t, email);
}

const ordersFor = (sessionId: string) =>
  t.app.deps.db.select().from(shopOrders).where(eq(shopOrders.checkoutSessionId, sessionId));

describe("shop checkout with Stripe", () => {
  it("asks Stripe for an embedded session priced from the catalogue, returning to /return", async () => {
    const email = newShopper("stripe.shopper");
    const { clientSecret, sessionId } = await openCheckout(email);
    expect(clientSecret).toBe((await emulator.checkoutSession(sessionId))?.client_secret);
    const [request] = emulator.requests;
    expect(request).toMatchObject({ method: "POST", path: "/v1/checkout/sessions" });
    expect(request?.body).toEqual({
      ui_mode: "embedded_page",
      mode: "payment",
      customer_email: email,
      return_url: `${t.app.deps.config.publicUrl}/return?session_id={CHECKOUT_SESSION_ID}`,
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "10000",
      "line_items[0][price_data][product_data][name]": "Snapback Cap",
      "line_items[1][quantity]": "4",
      "line_items[1][price_data][currency]": "usd",
      "line_items[1][price_data][unit_amount]": "799",
      "line_items[1][price_data][product_data][name]": "Broker Sticker",
      "line_items[0][price_data][tax_behavior]": "exclusive",
      "line_items[0][price_data][product_data][tax_code]": "txcd_99999999",
      "line_items[1][price_data][tax_behavior]": "exclusive",
      "line_items[1][price_data][product_data][tax_code]": "txcd_99999999",
      // A US address is collected, two fixed rates are offered, and Stripe Tax computes the tax for the address.
      "shipping_address_collection[allowed_countries][0]": "US",
      "shipping_options[0][shipping_rate_data][type]": "fixed_amount",
      "shipping_options[0][shipping_rate_data][display_name]": "Standard shipping",
      "shipping_options[0][shipping_rate_data][fixed_amount][amount]": "500",
      "shipping_options[0][shipping_rate_data][fixed_amount][currency]": "usd",
      "shipping_options[0][shipping_rate_data][delivery_estimate][minimum][unit]": "business_day",
      "shipping_options[0][shipping_rate_data][delivery_estimate][minimum][value]": "5",
      "shipping_options[0][shipping_rate_data][delivery_estimate][maximum][unit]": "business_day",
      "shipping_options[0][shipping_rate_data][delivery_estimate][maximum][value]": "7",
      "shipping_options[0][shipping_rate_data][tax_behavior]": "exclusive",
      "shipping_options[0][shipping_rate_data][tax_code]": "txcd_92010001",
      "shipping_options[0][shipping_rate_data][metadata][rate]": "standard",
      "shipping_options[1][shipping_rate_data][type]": "fixed_amount",
      "shipping_options[1][shipping_rate_data][display_name]": "Express shipping",
      "shipping_options[1][shipping_rate_data][fixed_amount][amount]": "1500",
      "shipping_options[1][shipping_rate_data][fixed_amount][currency]": "usd",
      "shipping_options[1][shipping_rate_data][delivery_estimate][minimum][unit]": "business_day",
      "shipping_options[1][shipping_rate_data][delivery_estimate][minimum][value]": "1",
      "shipping_options[1][shipping_rate_data][delivery_estimate][maximum][unit]": "business_day",
      "shipping_options[1][shipping_rate_data][delivery_estimate][maximum][value]": "2",
      "shipping_options[1][shipping_rate_data][tax_behavior]": "exclusive",
      "shipping_options[1][shipping_rate_data][tax_code]": "txcd_92010001",
      "shipping_options[1][shipping_rate_data][metadata][rate]": "express",
      "automatic_tax[enabled]": "true",
      "metadata[source]": "shop",
      "payment_intent_data[metadata][source]": "shop",
    });
    expect((await emulator.checkoutSession(sessionId))?.amount_total).toBe(13_196);
  });

  it("reports an open session as open, with the customer's e-mail", async () => {
    const email = newShopper("stripe.shopper");
    const { sessionId } = await openCheckout(email);
    const res = await status(sessionId);
    expect(res.json().data).toEqual({ status: "open", customer_email: email, orderNumber: null });
    expect(await ordersFor(sessionId)).toHaveLength(0);
  });

  it("the webhook delivered twice, another event for the same session and two status reads: one order, one e-mail", async () => {
    const email = newShopper("stripe.shopper");
    const { sessionId } = await openCheckout(email);
    await payAtStripe(sessionId);

    const event = checkoutEvent(sessionId, {}, `evt_shop_repeat_${Date.now()}`);
    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ received: true, duplicate: false, ignored: false });
    const repeat = await deliver(event);
    expect(repeat.json().data).toEqual({ received: true, duplicate: true, ignored: false });
    expect((await deliver(checkoutEvent(sessionId))).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      expect((await status(sessionId)).json().data).toEqual({
        status: "complete",
        customer_email: email,
        orderNumber: expect.stringMatching(/^[0-9A-F]{8}$/),
      });
    }

    const orders = await ordersFor(sessionId);
    expect(orders).toHaveLength(1);
    // What Stripe collected and computed is what the order keeps: 13,196 + 1,500 + 8.875% of 14,696 (1,304).
    expect(orders[0]).toMatchObject({
      email,
      amountCents: 16_000,
      subtotalCents: 13_196,
      shippingCents: 1_500,
      taxCents: 1_304,
      provider: "stripe",
      paymentIntentId: (await emulator.checkoutSession(sessionId))?.payment_intent,
      shipping: {
        address: {
          name: "Ada Shopper",
          line1: "350 Fifth Avenue",
          line2: "Floor 86",
          city: "New York",
          state: "NY",
          postalCode: "10118",
          country: "US",
        },
        rateId: "express",
        rateName: "Express shipping",
      },
    });
    // Retrieved with the chosen rate expanded, so its name and our id are known.
    const reads = emulator.requests.filter((r) => r.method === "GET" && r.path.includes(sessionId));
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) {
      expect(new URLSearchParams(read.path.split("?")[1]).getAll("expand[0]")).toEqual([
        "shipping_cost.shipping_rate",
      ]);
    }
    const journals = await t.app.deps.db
      .select()
      .from(ledgerJournals)
      .where(eq(ledgerJournals.reference, sessionId));
    expect(journals).toHaveLength(1);
    const mails = await mailbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("4 × Broker Sticker");
    expect(mails[0]?.text).toContain("Shipping: $15.00");
    expect(mails[0]?.text).toContain("Sales tax: $13.04");
    expect(mails[0]?.text).toContain("Total charged: $160.00");
    expect(mails[0]?.text).toContain(
      "Ship to: Ada Shopper, 350 Fifth Avenue, Floor 86, New York, NY 10118 (Express shipping)",
    );
    const entries = await t.app.deps.db
      .select({ account: ledgerEntries.account, amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.journalId, journals[0]?.id ?? ""));
    expect(entries.sort((a, b) => a.amountCents - b.amountCents)).toEqual([
      { account: "card_funding", amountCents: -16_000 },
      { account: "sales_tax_payable", amountCents: 1_304 },
      { account: "platform_revenue", amountCents: 14_696 },
    ]);
  });

  it("deliveries and status reads all at once: one order, one e-mail", async () => {
    const email = newShopper("stripe.shopper");
    const { sessionId } = await openCheckout(email);
    await payAtStripe(sessionId);
    const event = checkoutEvent(sessionId);
    const results = await Promise.all([
      deliver(event),
      deliver(event),
      deliver(checkoutEvent(sessionId)),
      deliver(checkoutEvent(sessionId)),
      status(sessionId),
      status(sessionId),
    ]);
    for (const res of results) expect(res.statusCode).toBe(200);
    expect(await ordersFor(sessionId)).toHaveLength(1);
    expect(await mailbox(email)).toHaveLength(1);
  });

  it("trusts Stripe, not the event: an event claiming payment for a session Stripe holds open makes no order", async () => {
    const email = newShopper("stripe.shopper");
    const { sessionId } = await openCheckout(email);
    const res = await deliver(checkoutEvent(sessionId, { status: "complete", payment_status: "paid" }));
    expect(res.statusCode).toBe(200);
    expect(await ordersFor(sessionId)).toHaveLength(0);
    expect(await mailbox(email)).toHaveLength(0);
  });

  it("a completed session the shop never opened is acknowledged and ignored", async () => {
    const before = await t.app.deps.db.select().from(shopOrders);
    // Paid at Stripe for another of its clients: nothing the shop asked for, no metadata of ours.
    const elsewhere = await emulator.sandbox.createCheckoutSession({
      lineItems: [{ name: "Elsewhere", unitAmountCents: 500, quantity: 1 }],
      customerEmail: "someone@elsewhere.example",
      shippingRates: [],
      returnUrl: "https://elsewhere.example/return",
    });
    await emulator.completeCheckout(elsewhere.id);
    expect(await emulator.checkoutSession(elsewhere.id)).toMatchObject({
      status: "complete",
      payment_status: "paid",
      amount_total: 500,
      currency: "usd",
      metadata: {},
    });
    const res = await deliver(checkoutEvent(elsewhere.id));
    expect(res.statusCode).toBe(200);
    expect(await t.app.deps.db.select().from(shopOrders)).toHaveLength(before.length);
  });

  it("opens a signed-in player's session for their customer, showing their saved cards and saving none", async () => {
    const player = await signUp(t);
    const added = await t.call("POST", "/api/v1/users/create/payment/method", {
      token: player.token,
      body: { token: "tok_visa", last4: "4242", brand: "visa", isDefault: true },
    });
    expect(added.statusCode, added.body).toBe(201);
    const [customer] = await t.app.deps.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.userId, player.userId));
    emulator.requests.length = 0;

    const res = await t.call("POST", "/api/v1/stripe/webhooks/create-checkout-session", {
      token: player.token,
      body: { customerEmail: player.email, line_items: [{ price: "price_mx_snapback_cap", quantity: 1 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sessionId = String(res.json().data.clientSecret).split("_secret_")[0] ?? "";
    const request = emulator.requests.find((r) => r.path === "/v1/checkout/sessions");
    expect(request?.body).toMatchObject({
      customer: customer?.customerId,
      "saved_payment_method_options[allow_redisplay_filters][0]": "always",
      "saved_payment_method_options[allow_redisplay_filters][1]": "limited",
      "saved_payment_method_options[allow_redisplay_filters][2]": "unspecified",
      "saved_payment_method_options[payment_method_save]": "disabled",
      "saved_payment_method_options[payment_method_remove]": "disabled",
    });
    // Stripe refuses customer_email beside customer: the customer's own e-mail is the session's.
    expect(request?.body).not.toHaveProperty("customer_email");

    await payAtStripe(sessionId);
    expect((await status(sessionId)).json().data).toMatchObject({
      status: "complete",
      customer_email: player.email,
    });
    expect(await ordersFor(sessionId)).toMatchObject([{ email: player.email, status: "paid" }]);
  });

  it("has no sandbox payment endpoints", async () => {
    const res = await t.call("POST", "/api/v1/sandbox/checkout/pay", {
      body: { clientSecret: "cs_x_secret_y", token: "tok_x" },
    });
    expect(res.statusCode).toBe(404);
  });
});
