import { sandboxCheckoutSessions, sandboxPaymentIntents, sandboxPaymentMethods } from "@mx/sandbox/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, ledgerJournals } from "../../db/schema/ledger";
import { paymentCards, paymentCustomers } from "../../db/schema/payments";
import { shopCheckouts, shopOrders } from "../../db/schema/shop";
import { addCard, TEST_CARDS, tokenise } from "../../test/cards";
import { createTestApp, mailbox, signUp, type TestApp } from "../../test/harness";
import { moneyProblems } from "../../test/money";
import { newShopper, shipSandboxCheckout } from "../../test/shop";

const CREATE = "/api/v1/stripe/webhooks/create-checkout-session";
const LINES = [
  { price: "price_mx_snapback_cap", quantity: 1 },
  { price: "price_mx_skyline_sticker", quantity: 2 },
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Opens a checkout as the checkout page does, with the player's token when signed in, and gives it an address. */
async function openCheckout(email: string, token?: string) {
  const res = await t.call("POST", CREATE, {
    body: { customerEmail: email, line_items: LINES },
    ...(token ? { token } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  const clientSecret = res.json().data.clientSecret as string;
  expect((await shipSandboxCheckout(t, clientSecret)).statusCode).toBe(200);
  const [row] = await t.app.deps.db
    .select()
    .from(sandboxCheckoutSessions)
    .where(eq(sandboxCheckoutSessions.clientSecret, clientSecret));
  if (!row) throw new Error("no sandbox session");
  return { clientSecret, sessionId: row.id, customerId: row.customerId };
}

const describeSession = (clientSecret: string) =>
  t.call("GET", `/api/v1/sandbox/checkout/session?client_secret=${encodeURIComponent(clientSecret)}`);
const pay = (body: Record<string, unknown>) => t.call("POST", "/api/v1/sandbox/checkout/pay", { body });
const status = (sessionId: string) =>
  t.call("GET", `/api/v1/stripe/webhooks/session-status?session_id=${encodeURIComponent(sessionId)}`);

async function newCardToken(number: string = TEST_CARDS.visa): Promise<string> {
  const res = await tokenise(t, number);
  expect(res.statusCode).toBe(200);
  return res.json().data.id;
}

/** A signed-up player with the given cards saved (the last one added is their default). */
async function playerWithCards(...numbers: string[]) {
  const player = await signUp(t);
  const cards: string[] = [];
  for (const number of numbers) cards.push(await addCard(t, player.token, number));
  return { ...player, cards };
}

/** The processor's payment intent for a session. */
async function intentOf(sessionId: string) {
  const db = t.app.deps.db;
  const [session] = await db
    .select()
    .from(sandboxCheckoutSessions)
    .where(eq(sandboxCheckoutSessions.id, sessionId));
  const [intent] = await db
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.id, session?.paymentIntentId ?? ""));
  return intent;
}

/** Everything a payment could have changed for a session: the session, its intent, order, journal and mail. */
async function footprint(sessionId: string, email: string) {
  const db = t.app.deps.db;
  const [session] = await db
    .select()
    .from(sandboxCheckoutSessions)
    .where(eq(sandboxCheckoutSessions.id, sessionId));
  return {
    status: session?.status,
    paymentStatus: session?.paymentStatus,
    paymentIntentId: session?.paymentIntentId,
    payingSince: session?.payingSince,
    orders: (await db.select().from(shopOrders).where(eq(shopOrders.checkoutSessionId, sessionId))).length,
    journals: (await db.select().from(ledgerJournals).where(eq(ledgerJournals.reference, sessionId))).length,
    mails: (await mailbox(t, email)).length,
  };
}

describe("the shop's checkout for a signed-in player with saved cards", () => {
  it("offers the player's saved cards, and paying with one completes the order as a new card does", async () => {
    const player = await playerWithCards(TEST_CARDS.visa, TEST_CARDS.mastercard);
    const [customer] = await t.app.deps.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.userId, player.userId));
    const { clientSecret, sessionId, customerId } = await openCheckout(player.email, player.token);
    expect(customerId).toBe(customer?.customerId);

    // The payment form lists both cards, newest first, as the processor knows them: brand, last 4, expiry, name.
    const described = await describeSession(clientSecret);
    expect(described.statusCode).toBe(200);
    const savedCards = described.json().data.savedCards as { id: string }[];
    expect(savedCards.map((card) => card.id)).toEqual([...player.cards].reverse());
    expect(described.json().data.savedCards[0]).toEqual({
      id: player.cards[1],
      brand: "mastercard",
      last4: "4444",
      expMonth: 4,
      expYear: new Date().getUTCFullYear() + 1,
      name: "Test Player",
    });

    // The Visa, which is not the default: the player may pay with any of their cards.
    const visa = player.cards[0] ?? "";
    const paid = await pay({ clientSecret, paymentMethod: visa });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toEqual({ sessionId, status: "complete" });

    // The processor charged that card, for that customer, the session's total.
    const intent = await intentOf(sessionId);
    expect(intent).toMatchObject({
      status: "succeeded",
      customerId,
      paymentMethodId: visa,
      amountCents: 12_098,
      capturedCents: 12_098,
    });

    // The same return page, order, e-mail and journal as a new card's.
    const res = await status(sessionId);
    expect(res.json().data).toEqual({
      status: "complete",
      customer_email: player.email,
      orderNumber: expect.stringMatching(/^[0-9A-F]{8}$/),
    });
    const orders = await t.app.deps.db
      .select()
      .from(shopOrders)
      .where(eq(shopOrders.checkoutSessionId, sessionId));
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ email: player.email, amountCents: 12_098, status: "paid" });
    const mails = (await mailbox(t, player.email)).filter((mail) =>
      mail.text.includes("Thank you for your purchase!"),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Total charged: $120.98");
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
    expect(await moneyProblems(t.app.deps.db, t.app.deps.gateway)).toEqual([]);
  });

  it("refuses another player's card with a 400 naming it, and changes nothing; the player's own card then pays", async () => {
    const buyer = await playerWithCards(TEST_CARDS.visa);
    const other = await playerWithCards(TEST_CARDS.mastercard);
    const { clientSecret, sessionId } = await openCheckout(buyer.email, buyer.token);
    const before = await footprint(sessionId, buyer.email);
    const othersCard = other.cards[0] ?? "";
    const [othersCardBefore] = await t.app.deps.db
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.id, othersCard));

    for (const paymentMethod of [othersCard, "pm_made_up"]) {
      const refused = await pay({ clientSecret, paymentMethod });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        statusCode: 400,
        code: "PAYMENT_REQUEST_FAILED",
        message: "paymentMethod: not a card saved by this checkout's customer.",
      });
    }
    expect(await footprint(sessionId, buyer.email)).toEqual(before);
    expect(before).toMatchObject({ status: "open", paymentIntentId: null, orders: 0, journals: 0 });
    const [othersCardAfter] = await t.app.deps.db
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.id, othersCard));
    expect(othersCardAfter).toEqual(othersCardBefore);
    expect((await status(sessionId)).json().data).toMatchObject({ status: "open", orderNumber: null });

    const paid = await pay({ clientSecret, paymentMethod: buyer.cards[0] });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await status(sessionId)).json().data.status).toBe("complete");
  });

  it("refuses a saved card on a signed-out visitor's session, and a body with both or neither", async () => {
    const owner = await playerWithCards(TEST_CARDS.visa);
    const email = newShopper("visitor");
    const { clientSecret, sessionId } = await openCheckout(email);
    const before = await footprint(sessionId, email);

    const refused = await pay({ clientSecret, paymentMethod: owner.cards[0] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("paymentMethod: not a card saved by this checkout's customer.");

    const both = await pay({ clientSecret, token: await newCardToken(), paymentMethod: owner.cards[0] });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "paymentMethod: give a card token or a saved card, not both",
    });
    const neither = await pay({ clientSecret });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe("token: give a card token or a saved card");
    expect(await footprint(sessionId, email)).toEqual(before);
  });
});

describe("the shop's checkout without saved cards is as before", () => {
  it("a signed-out visitor's session has no customer and no saved cards, and a new card pays it", async () => {
    const email = newShopper("visitor");
    const { clientSecret, sessionId, customerId } = await openCheckout(email);
    expect(customerId).toBeNull();
    expect((await describeSession(clientSecret)).json().data.savedCards).toEqual([]);
    const paid = await pay({ clientSecret, token: await newCardToken() });
    expect(paid.statusCode).toBe(200);
    expect((await status(sessionId)).json().data).toMatchObject({
      status: "complete",
      customer_email: email,
    });
    const intent = await intentOf(sessionId);
    expect(intent).toMatchObject({ customerId: null, paymentMethodId: null, status: "succeeded" });
  });

  it("a signed-in player without a card gets the new-card form, and is made no customer for it", async () => {
    const player = await signUp(t);
    const { clientSecret, sessionId, customerId } = await openCheckout(player.email, player.token);
    expect(customerId).toBeNull();
    expect((await describeSession(clientSecret)).json().data.savedCards).toEqual([]);
    expect(
      await t.app.deps.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, player.userId)),
    ).toEqual([]);
    expect((await pay({ clientSecret, token: await newCardToken() })).statusCode).toBe(200);
    expect((await status(sessionId)).json().data.status).toBe("complete");
    // A new card paid at checkout is not saved to the player's cards.
    expect(
      await t.app.deps.db.select().from(paymentCards).where(eq(paymentCards.userId, player.userId)),
    ).toEqual([]);
  });

  it("a token that names no live session is a 401, and opens nothing", async () => {
    const before = (await t.app.deps.db.select().from(shopCheckouts)).length;
    const res = await t.call("POST", CREATE, {
      body: { customerEmail: newShopper(), line_items: LINES },
      token: "not-a-live-session-token",
    });
    expect(res.statusCode).toBe(401);
    expect((await t.app.deps.db.select().from(shopCheckouts)).length).toBe(before);
  });
});
