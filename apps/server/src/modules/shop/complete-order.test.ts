import { sandboxCheckoutSessions } from "@mx/sandbox/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, ledgerJournals } from "../../db/schema/ledger";
import { shopOrderLines, shopOrders } from "../../db/schema/shop";
import { TEST_CARDS, tokenise } from "../../test/cards";
import { createTestApp, mailbox as readMailbox, type TestApp } from "../../test/harness";
import { eventually, makeDue, outboxMailTo, sweepOutbox } from "../../test/outbox";
import { createCheckout, newShopper } from "../../test/shop";
import { completeOrder } from "./complete-order";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Opens a checkout for a cap and two skyline stickers; returns what the browser holds. */
async function openCheckout(email: string) {
  const clientSecret = await createCheckout(t, email, [
    { price: "price_mx_snapback_cap", quantity: 1 },
    { price: "price_mx_skyline_sticker", quantity: 2 },
  ]);
  const [row] = await t.app.deps.db
    .select({ id: sandboxCheckoutSessions.id })
    .from(sandboxCheckoutSessions)
    .where(eq(sandboxCheckoutSessions.clientSecret, clientSecret));
  if (!row) throw new Error("no session");
  return { clientSecret, sessionId: row.id };
}

async function cardToken(number: string): Promise<string> {
  const res = await tokenise(t, number);
  expect(res.statusCode).toBe(200);
  return res.json().data.id;
}

const pay = (clientSecret: string, token: string) =>
  t.call("POST", "/api/v1/sandbox/checkout/pay", { body: { clientSecret, token } });
const status = (sessionId: string) =>
  t.call("GET", `/api/v1/stripe/webhooks/session-status?session_id=${encodeURIComponent(sessionId)}`);

async function mailbox(email: string): Promise<{ subject: string; text: string }[]> {
  return readMailbox(t, email);
}

async function ordersFor(sessionId: string) {
  return t.app.deps.db.select().from(shopOrders).where(eq(shopOrders.checkoutSessionId, sessionId));
}

describe("sandbox payment form", () => {
  it("shows the session's lines and total by its client secret", async () => {
    const { clientSecret, sessionId } = await openCheckout(newShopper());
    const res = await t.call(
      "GET",
      `/api/v1/sandbox/checkout/session?client_secret=${encodeURIComponent(clientSecret)}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: sessionId,
      status: "open",
      currency: "usd",
      amountSubtotalCents: 11_598,
      amountShippingCents: 500,
      amountTaxCents: 0,
      amountTotalCents: 12_098,
      lineItems: [
        { name: "Snapback Cap", unitAmountCents: 10_000, quantity: 1 },
        { name: "Skyline Sticker", unitAmountCents: 799, quantity: 2 },
      ],
    });
  });

  it("refuses a declined card with the card's own message and keeps the session open for another card", async () => {
    const email = newShopper();
    const { clientSecret, sessionId } = await openCheckout(email);

    const declined = await pay(clientSecret, await cardToken(TEST_CARDS.declined));
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: "CARD_ERROR", message: "Your card was declined." });
    const poor = await pay(clientSecret, await cardToken(TEST_CARDS.insufficientFunds));
    expect(poor.statusCode).toBe(402);
    expect(poor.json().message).toBe("Your card has insufficient funds.");
    expect((await status(sessionId)).json().data.status).toBe("open");
    expect(await ordersFor(sessionId)).toHaveLength(0);
    expect(await mailbox(email)).toHaveLength(0);

    const paid = await pay(clientSecret, await cardToken(TEST_CARDS.visa));
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toEqual({ sessionId, status: "complete" });
  });

  it("refuses a token used twice and an unknown client secret", async () => {
    const { clientSecret } = await openCheckout(newShopper());
    const token = await cardToken(TEST_CARDS.declined);
    expect((await pay(clientSecret, token)).statusCode).toBe(402);
    const again = await pay(clientSecret, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/more than once/);
    const unknown = await pay("cs_test_unknown_secret_x", await cardToken(TEST_CARDS.visa));
    expect(unknown.statusCode).toBe(404);
  });
});

describe("completing an order", () => {
  it("pays a session, then reading its status twice stores one order with its lines and amount and sends one e-mail", async () => {
    const email = newShopper();
    const { clientSecret, sessionId } = await openCheckout(email);
    expect((await pay(clientSecret, await cardToken(TEST_CARDS.visa))).statusCode).toBe(200);

    for (let i = 0; i < 2; i++) {
      const res = await status(sessionId);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        status: "complete",
        customer_email: email,
        orderNumber: expect.stringMatching(/^[0-9A-F]{8}$/),
      });
    }

    const orders = await ordersFor(sessionId);
    expect(orders).toHaveLength(1);
    const [order] = orders;
    expect(order).toMatchObject({ email, amountCents: 12_098, currency: "usd", status: "paid" });
    expect(order?.confirmationEmailSentAt).toBeInstanceOf(Date);
    const lines = await t.app.deps.db
      .select()
      .from(shopOrderLines)
      .where(eq(shopOrderLines.orderId, order?.id ?? ""))
      .orderBy(shopOrderLines.productId);
    expect(
      lines.map(({ productId, name, unitPriceCents, quantity }) => [
        productId,
        name,
        unitPriceCents,
        quantity,
      ]),
    ).toEqual([
      [1, "Snapback Cap", 10_000, 1],
      [2, "Skyline Sticker", 799, 2],
    ]);

    const mails = await mailbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Thank you for your purchase!");
    expect(mails[0]?.text).toContain("1 × Snapback Cap");
    expect(mails[0]?.text).toContain("2 × Skyline Sticker");
    expect(mails[0]?.text).toContain("Total charged: $120.98");

    // The money: one balanced journal, card funding out, platform revenue in (no sales tax in Oregon).
    const [journal] = await t.app.deps.db
      .select()
      .from(ledgerJournals)
      .where(eq(ledgerJournals.reference, sessionId));
    expect(journal?.kind).toBe("shop_order");
    const entries = await t.app.deps.db
      .select({ account: ledgerEntries.account, amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.journalId, journal?.id ?? ""));
    expect(entries.sort((a, b) => a.amountCents - b.amountCents)).toEqual([
      { account: "card_funding", amountCents: -12_098 },
      { account: "platform_revenue", amountCents: 12_098 },
    ]);
  });

  it("with many status reads and completions at once: one order, one journal, one e-mail", async () => {
    const email = newShopper();
    const { clientSecret, sessionId } = await openCheckout(email);
    // Paid at the processor, not yet reported to the shop.
    await t.app.deps.db
      .update(sandboxCheckoutSessions)
      .set({ status: "complete", paymentStatus: "paid", completedAt: new Date() })
      .where(eq(sandboxCheckoutSessions.clientSecret, clientSecret));
    const session = await t.app.deps.gateway.retrieveCheckoutSession(sessionId);

    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => status(sessionId)),
      ...Array.from({ length: 4 }, () => completeOrder(t.app.deps, session)),
    ]);
    for (const res of results.slice(0, 6)) expect((res as { statusCode: number }).statusCode).toBe(200);
    const created = results.slice(6).filter((r) => (r as { created: boolean } | null)?.created);
    expect(created.length).toBeLessThanOrEqual(1);

    expect(await ordersFor(sessionId)).toHaveLength(1);
    const journals = await t.app.deps.db
      .select()
      .from(ledgerJournals)
      .where(eq(ledgerJournals.reference, sessionId));
    expect(journals).toHaveLength(1);
    expect(await mailbox(email)).toHaveLength(1);
  });

  it("two payment submissions at once charge once and make one order", async () => {
    const email = newShopper();
    const { clientSecret, sessionId } = await openCheckout(email);
    const tokens = await Promise.all([cardToken(TEST_CARDS.visa), cardToken(TEST_CARDS.mastercard)]);
    const results = await Promise.all(tokens.map((token) => pay(clientSecret, token)));
    const codes = results.map((r) => r.statusCode).sort();
    // The second either waits its turn and finds the session paid (200), or is told a payment is running (409).
    expect(codes[0]).toBe(200);
    expect([200, 409]).toContain(codes[1]);
    expect(await ordersFor(sessionId)).toHaveLength(1);
    expect(await mailbox(email)).toHaveLength(1);
  });

  it("a session that is still open makes no order", async () => {
    const email = newShopper();
    const { sessionId } = await openCheckout(email);
    const session = await t.app.deps.gateway.retrieveCheckoutSession(sessionId);
    expect(await completeOrder(t.app.deps, session)).toBeNull();
    expect(await ordersFor(sessionId)).toHaveLength(0);
  });

  it("an e-mail that fails to send waits in the outbox and is sent by the sweep, still only once", async () => {
    const email = newShopper();
    const { clientSecret, sessionId } = await openCheckout(email);
    await t.app.deps.db
      .update(sandboxCheckoutSessions)
      .set({ status: "complete", paymentStatus: "paid" })
      .where(eq(sandboxCheckoutSessions.clientSecret, clientSecret));
    const session = await t.app.deps.gateway.retrieveCheckoutSession(sessionId);
    const failing = {
      ...t.app.deps,
      mailer: {
        kind: "smtp" as const,
        send: async () => {
          throw new Error("smtp down");
        },
      },
    };
    const errors: unknown[] = [];
    const first = await completeOrder({ ...failing, log: { error: (obj) => errors.push(obj) } }, session);
    expect(first?.created).toBe(true);
    // The first try runs after the order is committed, in the background.
    const [queued] = await eventually(
      () => outboxMailTo(t.app.deps.db, email),
      (rows) => rows[0]?.attempts === 1,
    );
    expect(queued).toMatchObject({ state: "queued", attempts: 1, lastError: "smtp down" });
    expect(errors).toHaveLength(1);

    // Later reports queue nothing more; the sweep sends the one queued.
    expect((await status(sessionId)).json().data.status).toBe("complete");
    expect((await status(sessionId)).json().data.status).toBe("complete");
    expect(await mailbox(email)).toHaveLength(0);
    await makeDue(t.app.deps.db, queued?.id ?? "");
    expect(await sweepOutbox(t.app.deps)).toEqual([]);
    expect(await mailbox(email)).toHaveLength(1);
    expect(await outboxMailTo(t.app.deps.db, email)).toHaveLength(1);
    expect(await ordersFor(sessionId)).toHaveLength(1);
  });
});
