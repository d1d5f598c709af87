import { sandboxCheckoutSessions } from "@mx/sandbox/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, ledgerJournals } from "../../db/schema/ledger";
import { shopOrders } from "../../db/schema/shop";
import { TEST_CARDS, tokenise } from "../../test/cards";
import { createTestApp, mailbox, type TestApp } from "../../test/harness";
import { createCheckout, newShopper, shipSandboxCheckout, UNTAXED_ADDRESS } from "../../test/shop";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const EMPIRE_STATE = {
  name: "Ada Shopper",
  line1: "350 Fifth Avenue",
  line2: "Floor 86",
  city: "New York",
  state: "NY",
  postalCode: "10118",
  country: "US",
};

/** A cap and two broker stickers ($115.98), the address and rate left to the test. */
async function openCheckout(email = newShopper("ship")) {
  const clientSecret = await createCheckout(
    t,
    email,
    [
      { price: "price_mx_snapback_cap", quantity: 1 },
      { price: "price_mx_broker_sticker", quantity: 2 },
    ],
    { ship: false },
  );
  const [row] = await t.app.deps.db
    .select()
    .from(sandboxCheckoutSessions)
    .where(eq(sandboxCheckoutSessions.clientSecret, clientSecret));
  if (!row) throw new Error("no session");
  return { clientSecret, sessionId: row.id, email };
}

async function pay(clientSecret: string, card: string = TEST_CARDS.visa) {
  const token = (await tokenise(t, card)).json().data.id as string;
  return t.call("POST", "/api/v1/sandbox/checkout/pay", { body: { clientSecret, token } });
}

const describeSession = (clientSecret: string) =>
  t.call("GET", `/api/v1/sandbox/checkout/session?client_secret=${encodeURIComponent(clientSecret)}`);

describe("sandbox checkout: shipping address, rate and sales tax", () => {
  it("offers the two rates and asks for an address before showing tax", async () => {
    const { clientSecret } = await openCheckout();
    const res = await describeSession(clientSecret);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      amountSubtotalCents: 11_598,
      amountShippingCents: 0,
      amountTaxCents: 0,
      taxRate: null,
      amountTotalCents: 11_598,
      shipping: null,
      shippingOptions: [
        { id: "standard", name: "Standard shipping", amountCents: 500, minDays: 5, maxDays: 7 },
        { id: "express", name: "Express shipping", amountCents: 1500, minDays: 1, maxDays: 2 },
      ],
    });
  });

  it("refuses to take a card before the address is given, and charges nothing", async () => {
    const { clientSecret, sessionId } = await openCheckout();
    const res = await pay(clientSecret);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Enter a shipping address before paying.");
    const [row] = await t.app.deps.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.id, sessionId));
    expect(row).toMatchObject({ status: "open", paymentStatus: "unpaid", paymentIntentId: null });
  });

  it.each([
    [
      { ...EMPIRE_STATE, postalCode: "1011" },
      "express",
      "address.postalCode: must be a ZIP code like 10001 or 10001-1234",
    ],
    [{ ...EMPIRE_STATE, state: "ZZ" }, "express", "address.state: must be a US state's two-letter code"],
    [{ ...EMPIRE_STATE, state: "ny" }, "express", "address.state: must be a US state's two-letter code"],
    [
      { ...EMPIRE_STATE, country: "CA" },
      "express",
      "address.country: must be US: the shop ships within the United States",
    ],
    [{ ...EMPIRE_STATE, name: "  " }, "express", "address.name: is required"],
    [{ ...EMPIRE_STATE, line1: "" }, "express", "address.line1: is required"],
    [{ ...EMPIRE_STATE, city: undefined }, "express", "address.city: is required"],
    [{ ...EMPIRE_STATE, extra: "x" }, "express", 'address: unknown field "extra"'],
    [EMPIRE_STATE, "overnight", "shippingRate: unknown shipping rate"],
  ])("refuses %j with rate %s: %s", async (address, rate, message) => {
    const { clientSecret } = await openCheckout();
    const res = await shipSandboxCheckout(t, clientSecret, address, rate);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await describeSession(clientSecret)).json().data.shipping).toBeNull();
  });

  it("computes the state's tax on the goods and adds the chosen rate; a new address or rate recomputes", async () => {
    const { clientSecret } = await openCheckout();
    const ny = await shipSandboxCheckout(t, clientSecret, EMPIRE_STATE, "express");
    expect(ny.statusCode).toBe(200);
    // New York's 4% of $115.98 is $4.6392: $4.64.
    expect(ny.json().data).toMatchObject({
      amountSubtotalCents: 11_598,
      amountShippingCents: 1_500,
      amountTaxCents: 464,
      taxRate: 4000,
      amountTotalCents: 13_562,
      shipping: { address: EMPIRE_STATE, rateId: "express" },
    });
    const tn = await shipSandboxCheckout(t, clientSecret, { ...EMPIRE_STATE, state: "TN" }, "standard");
    // Tennessee's 7%: $8.1186, $8.12.
    expect(tn.json().data).toMatchObject({
      amountShippingCents: 500,
      amountTaxCents: 812,
      amountTotalCents: 12_910,
    });
    const mn = await shipSandboxCheckout(t, clientSecret, { ...EMPIRE_STATE, state: "MN" }, "standard");
    // Minnesota's 6.875%: $7.973625, $7.97.
    expect(mn.json().data).toMatchObject({ taxRate: 6875, amountTaxCents: 797, amountTotalCents: 12_895 });
    const or = await shipSandboxCheckout(t, clientSecret, UNTAXED_ADDRESS, "standard");
    expect(or.json().data).toMatchObject({ amountTaxCents: 0, amountTotalCents: 12_098 });
  });

  it("charges exactly the total shown, and the order keeps the address, the rate, the shipping and the tax", async () => {
    const { clientSecret, sessionId, email } = await openCheckout();
    expect((await shipSandboxCheckout(t, clientSecret, EMPIRE_STATE, "express")).statusCode).toBe(200);
    const paid = await pay(clientSecret);
    expect(paid.statusCode).toBe(200);

    const [order] = await t.app.deps.db
      .select()
      .from(shopOrders)
      .where(eq(shopOrders.checkoutSessionId, sessionId));
    expect(order).toMatchObject({
      email,
      status: "paid",
      amountCents: 13_562,
      subtotalCents: 11_598,
      shippingCents: 1_500,
      taxCents: 464,
      shipping: { address: EMPIRE_STATE, rateId: "express", rateName: "Express shipping" },
    });
    const [row] = await t.app.deps.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.id, sessionId));
    const intent = await t.app.deps.gateway.retrievePaymentIntent(row?.paymentIntentId ?? "");
    expect(intent.capturedCents).toBe(13_562);

    // The tax is owed to the state, not earned: the journal keeps it apart, and balances.
    const [journal] = await t.app.deps.db
      .select()
      .from(ledgerJournals)
      .where(eq(ledgerJournals.reference, sessionId));
    const entries = await t.app.deps.db
      .select({ account: ledgerEntries.account, amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.journalId, journal?.id ?? ""));
    expect(entries.sort((a, b) => a.amountCents - b.amountCents)).toEqual([
      { account: "card_funding", amountCents: -13_562 },
      { account: "sales_tax_payable", amountCents: 464 },
      { account: "platform_revenue", amountCents: 13_098 },
    ]);
    expect(entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);

    // The return page's status names the order; the e-mail shows lines, address and totals.
    const status = await t.call("GET", `/api/v1/stripe/webhooks/session-status?session_id=${sessionId}`);
    expect(status.json().data.orderNumber).toBe(order?.id.slice(0, 8).toUpperCase());
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
    expect(mails[0].html).toContain("350 Fifth Avenue");
  });

  it("a paid session's address can no longer change", async () => {
    const { clientSecret } = await openCheckout();
    await shipSandboxCheckout(t, clientSecret, UNTAXED_ADDRESS, "standard");
    expect((await pay(clientSecret)).statusCode).toBe(200);
    const late = await shipSandboxCheckout(t, clientSecret, EMPIRE_STATE, "express");
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("This checkout session is complete.");
  });

  it("a declined card leaves the address in place for the next card", async () => {
    const { clientSecret } = await openCheckout();
    await shipSandboxCheckout(t, clientSecret, EMPIRE_STATE, "standard");
    expect((await pay(clientSecret, TEST_CARDS.declined)).statusCode).toBe(402);
    expect((await describeSession(clientSecret)).json().data).toMatchObject({
      amountTotalCents: 11_598 + 500 + 464,
      shipping: { rateId: "standard" },
    });
    expect((await pay(clientSecret)).statusCode).toBe(200);
  });
});
