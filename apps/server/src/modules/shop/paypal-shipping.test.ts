import { sandboxPaypalOrders } from "@mx/sandbox/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, ledgerJournals } from "../../db/schema/ledger";
import { shopCheckouts, shopOrders } from "../../db/schema/shop";
import { createTestApp, mailbox, type TestApp } from "../../test/harness";
import { moneyProblems } from "../../test/money";
import { newShopper, UNTAXED_ADDRESS } from "../../test/shop";
import { paypalApiOf } from "../payments/paypal-gateway";
import { orderNumber } from "./order-confirmation-mail";
import { runOrdersCommand } from "./orders-command";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.db;

const EMPIRE_STATE = {
  name: "Ada Shopper",
  line1: "350 Fifth Avenue",
  line2: "Floor 86",
  city: "New York",
  state: "NY",
  postalCode: "10118",
  country: "US",
};

/** A cap and two broker stickers ($115.98), as the checkout page sends them after its address step. */
const checkoutBody = (extra: Record<string, unknown>, email = newShopper("ppship")) => ({
  customerEmail: email,
  line_items: [
    { price: "price_mx_snapback_cap", quantity: 1 },
    { price: "price_mx_broker_sticker", quantity: 2 },
  ],
  ...extra,
});

const startCheckout = (body: unknown) => t.call("POST", "/api/v1/shop/paypal/checkout", { body });

/** The sandbox's PayPal page, answered by its test buyer. */
async function approve(url: string) {
  const done = await t.call("POST", url, {
    body: "outcome=approve",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(done.statusCode).toBe(200);
}

async function sandboxOrders() {
  return db().select().from(sandboxPaypalOrders);
}

describe("PayPal shop checkout: shipping address, rate and sales tax", () => {
  it("refuses a checkout without an address or a rate, and opens no PayPal order", async () => {
    const before = (await sandboxOrders()).length;
    const bare = await startCheckout(checkoutBody({}));
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toContain("address");
    const noRate = await startCheckout(checkoutBody({ address: EMPIRE_STATE }));
    expect(noRate.statusCode).toBe(400);
    expect(noRate.json().message).toContain("shippingRate");
    expect((await sandboxOrders()).length).toBe(before);
  });

  it.each([
    [
      { ...EMPIRE_STATE, postalCode: "1011" },
      "express",
      "address.postalCode: must be a ZIP code like 10001 or 10001-1234",
    ],
    [{ ...EMPIRE_STATE, state: "ZZ" }, "express", "address.state: must be a US state's two-letter code"],
    [
      { ...EMPIRE_STATE, country: "CA" },
      "express",
      "address.country: must be US: the shop ships within the United States",
    ],
    [{ ...EMPIRE_STATE, name: "  " }, "express", "address.name: is required"],
    [{ ...EMPIRE_STATE, line1: "" }, "express", "address.line1: is required"],
    [{ ...EMPIRE_STATE, extra: "x" }, "express", 'address: unknown field "extra"'],
    [EMPIRE_STATE, "overnight", "shippingRate: unknown shipping rate"],
  ])("refuses %j with rate %s: %s", async (address, shippingRate, message) => {
    const before = (await sandboxOrders()).length;
    const res = await startCheckout(checkoutBody({ address, shippingRate }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await sandboxOrders()).length).toBe(before);
  });

  it("asks PayPal for exactly goods + shipping + tax, and the paid order keeps them with the address", async () => {
    const email = newShopper("ppship");
    // Spy on the PayPal API to see the order as it is sent.
    const paypal = paypalApiOf(t.app.deps.gateway);
    if (!paypal) throw new Error("no PayPal here");
    const sent: unknown[] = [];
    const createOrder = paypal.createOrder;
    paypal.createOrder = (input) => {
      sent.push(input);
      return createOrder(input);
    };
    let res: Awaited<ReturnType<typeof startCheckout>>;
    try {
      res = await startCheckout(checkoutBody({ address: EMPIRE_STATE, shippingRate: "express" }, email));
    } finally {
      paypal.createOrder = createOrder;
    }
    expect(res.statusCode).toBe(202);
    const action = res.json().data;
    // New York's 4% of $115.98 is $4.6392: $4.64; express $15.00; total $135.62.
    expect(sent).toEqual([
      expect.objectContaining({
        intent: "CAPTURE",
        amountCents: 13_562,
        goods: {
          items: [
            { name: "Snapback Cap", unitAmountCents: 10_000, quantity: 1 },
            { name: "Broker Sticker", unitAmountCents: 799, quantity: 2 },
          ],
          shippingCents: 1_500,
          taxCents: 464,
          shipTo: EMPIRE_STATE,
        },
      }),
    ]);
    const [checkout] = await db()
      .select()
      .from(shopCheckouts)
      .where(eq(shopCheckouts.sessionId, action.paymentIntentId));
    expect(checkout).toMatchObject({
      amountCents: 11_598,
      shippingCents: 1_500,
      taxCents: 464,
      shipping: { address: EMPIRE_STATE, rateId: "express", rateName: "Express shipping" },
    });

    await approve(action.nextActionUrl);
    const paid = await t.call("POST", action.confirmPath, { body: action.confirmBody });
    expect(paid.statusCode).toBe(200);
    const [order] = await db()
      .select()
      .from(shopOrders)
      .where(eq(shopOrders.checkoutSessionId, action.paymentIntentId));
    expect(order).toMatchObject({
      provider: "paypal",
      email,
      status: "paid",
      amountCents: 13_562,
      subtotalCents: 11_598,
      shippingCents: 1_500,
      taxCents: 464,
      shipping: { address: EMPIRE_STATE, rateId: "express", rateName: "Express shipping" },
    });
    const intent = await t.app.deps.gateway.retrievePaymentIntent(action.paymentIntentId);
    expect(intent.capturedCents).toBe(13_562);

    // The tax is the state's: kept apart from revenue, and the journal balances.
    const [journal] = await db()
      .select()
      .from(ledgerJournals)
      .where(eq(ledgerJournals.reference, action.paymentIntentId));
    const entries = await db()
      .select({ account: ledgerEntries.account, amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.journalId, journal?.id ?? ""));
    expect(entries.sort((a, b) => a.amountCents - b.amountCents)).toEqual([
      { account: "card_funding", amountCents: -13_562 },
      { account: "sales_tax_payable", amountCents: 464 },
      { account: "platform_revenue", amountCents: 13_098 },
    ]);

    // The confirmation lists lines, address and totals.
    const mails = await mailbox(t, email);
    expect(mails).toHaveLength(1);
    for (const line of [
      "1 × Snapback Cap",
      "2 × Broker Sticker",
      "Subtotal: $115.98",
      "Shipping: $15.00",
      "Sales tax: $4.64",
      "Total charged: $135.62",
      "Ship to: Ada Shopper, 350 Fifth Avenue, Floor 86, New York, NY 10118 (Express shipping)",
    ]) {
      expect(mails[0].text).toContain(line);
    }

    // The operator's list shows where it goes, not "ask the customer".
    const lines: string[] = [];
    expect(await runOrdersCommand(t.app.deps, ["list", "10000"], (line) => lines.push(line))).toBe(0);
    const entry = lines.find((line) => line.startsWith(orderNumber(order?.id ?? "")));
    expect(entry).toContain(
      "ship to: Ada Shopper, 350 Fifth Avenue, Floor 86, New York, NY 10118 · Express shipping",
    );
    expect(entry).toContain("paid $135.62 = goods $115.98 + shipping $15.00 + tax $4.64");
    expect(entry).not.toContain("ask the customer");
    expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
  });

  it("charges no tax where the state has none, and standard shipping at $5.00", async () => {
    const res = await startCheckout(checkoutBody({ address: UNTAXED_ADDRESS, shippingRate: "standard" }));
    expect(res.statusCode).toBe(202);
    const [checkout] = await db()
      .select()
      .from(shopCheckouts)
      .where(eq(shopCheckouts.sessionId, res.json().data.paymentIntentId));
    expect(checkout).toMatchObject({ amountCents: 11_598, shippingCents: 500, taxCents: 0 });
    const [made] = (await sandboxOrders()).filter(
      (o) => `paypal_${o.id}` === res.json().data.paymentIntentId,
    );
    expect(made?.amountCents).toBe(12_098);
  });

  it("the sandbox's PayPal refuses an order whose breakdown does not add up, as PayPal does", async () => {
    const paypal = paypalApiOf(t.app.deps.gateway);
    if (!paypal) throw new Error("no PayPal here");
    await expect(
      paypal.createOrder({
        intent: "CAPTURE",
        amountCents: 10_000,
        currency: "usd",
        customId: "shop:mismatch|",
        referenceId: "shop:mismatch",
        description: "Manhattan Exchange",
        requestId: "shop:mismatch",
        goods: {
          items: [{ name: "Snapback Cap", unitAmountCents: 10_000, quantity: 1 }],
          shippingCents: 500,
          taxCents: 400,
          shipTo: UNTAXED_ADDRESS,
        },
      }),
    ).rejects.toMatchObject({ issue: "AMOUNT_MISMATCH", statusCode: 422 });
  });
});
