import { randomUUID } from "node:crypto";
import type { PaymentGateway } from "@mx/processors/gateway";
import { type StripeEmulator, startStripeEmulator } from "@mx/sandbox/http/stripe";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { payouts } from "../../db/schema/payouts";
import { users } from "../../db/schema/users";
import { createTestDatabase } from "../../test/database";
import { creditEarnings, earningsOf } from "../../test/payouts";
import { checkLedger } from "../ledger/check-ledger";
import { createStripeGateway } from "../payments/stripe-gateway";
import { handleStripeEvent } from "../webhooks/stripe-webhook-routes";
import { type PayoutRow, reservePayout } from "./send-payout";

let emulator: StripeEmulator;
let gateway: PaymentGateway;
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  emulator = await startStripeEmulator();
  gateway = createStripeGateway({
    secretKey: "sk_test_events",
    publishableKey: "pk_test_events",
    apiBase: emulator.url,
  });
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => {
  await drop();
  await emulator.close();
});
beforeEach(() => emulator.reset());

/** A player who withdrew 20.00 (19.00 sent, 1.00 fee) as Stripe payout `po_…`, still on its way. */
async function sentPayout(): Promise<{ userId: string; row: PayoutRow; providerId: string }> {
  const db = database.db;
  const userId = randomUUID();
  await db.insert(users).values({ id: userId, fullName: "Payout Tester" });
  await creditEarnings(db, userId, 5_000);
  const row = await db.transaction((tx) =>
    reservePayout(tx, {
      userId,
      accountId: "acct_1",
      provider: "stripe",
      amountCents: 2_000,
      feeCents: 100,
      currency: "usd",
      method: "instant",
      automatic: false,
      destination: "card_1",
      destinationLabel: "VISA •••• 5556",
    }),
  );
  if (!row) throw new Error("not reserved");
  const providerId = `po_${row.id.slice(0, 8)}`;
  await db
    .update(payouts)
    .set({ state: "pending", providerPayoutId: providerId })
    .where(eq(payouts.id, row.id));
  return { userId, row, providerId };
}

const stripePayout = (id: string, reference: string, status: string) => ({
  id,
  object: "payout",
  amount: 1_900,
  arrival_date: 1_900_000_000,
  currency: "usd",
  destination: "card_1",
  failure_message: status === "failed" ? "The bank account has been closed." : null,
  metadata: { reference, transferId: "tr_9" },
  method: "instant",
  status,
});

/** What the event claims is ignored: the payout is read again from Stripe. */
const event = (type: string, payoutId: string, id = `evt_${randomUUID()}`) =>
  ({
    id,
    object: "event",
    type,
    account: "acct_1",
    data: { object: { id: payoutId, object: "payout", status: "whatever the event says" } },
  }) as unknown as Stripe.Event;

describe("Stripe payout webhooks", () => {
  it("marks a payout paid on payout.paid, as Stripe says when asked", async () => {
    const { userId, row, providerId } = await sentPayout();
    emulator.replyOnce("GET", `/v1/payouts/${providerId}`, {
      status: 200,
      body: stripePayout(providerId, row.id, "paid"),
    });
    const result = await handleStripeEvent(database.db, gateway, event("payout.paid", providerId));
    expect(result).toEqual({ received: true, duplicate: false, ignored: false });
    expect(emulator.requests[0]).toMatchObject({
      path: `/v1/payouts/${providerId}`,
      stripeAccount: "acct_1",
    });
    const [after] = await database.db.select().from(payouts).where(eq(payouts.id, row.id));
    expect(after?.state).toBe("paid");
    expect(await earningsOf(database.db, userId)).toBe(3_000);
  });

  it("on payout.failed reclaims the money from the account and puts it back in the balance, once per payout", async () => {
    const { userId, row, providerId } = await sentPayout();
    const failed = { status: 200, body: stripePayout(providerId, row.id, "failed") };
    emulator.replyOnce("GET", `/v1/payouts/${providerId}`, failed);
    emulator.replyOnce("GET", `/v1/payouts/${providerId}`, failed);
    emulator.replyOnce("GET", "/v1/transfers/tr_9", {
      status: 200,
      body: { id: "tr_9", object: "transfer", amount: 1_900, amount_reversed: 0, currency: "usd" },
    });
    emulator.replyOnce("POST", "/v1/transfers/tr_9/reversals", {
      status: 200,
      body: { id: "trr_9", object: "transfer_reversal", amount: 1_900, transfer: "tr_9" },
    });
    const delivery = event("payout.failed", providerId);
    await handleStripeEvent(database.db, gateway, delivery);
    expect(emulator.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/payouts/${providerId}`,
      `GET /v1/payouts/${providerId}`,
      "GET /v1/transfers/tr_9",
      "POST /v1/transfers/tr_9/reversals",
    ]);
    const [after] = await database.db.select().from(payouts).where(eq(payouts.id, row.id));
    expect(after).toMatchObject({ state: "failed", failureMessage: "The bank account has been closed." });
    expect(await earningsOf(database.db, userId)).toBe(5_000);

    // The same event again: handled already. Another event about the same failure: the balance is not credited twice.
    expect(await handleStripeEvent(database.db, gateway, delivery)).toMatchObject({ duplicate: true });
    emulator.replyOnce("GET", `/v1/payouts/${providerId}`, failed);
    emulator.replyOnce("GET", `/v1/payouts/${providerId}`, failed);
    emulator.replyOnce("GET", "/v1/transfers/tr_9", {
      status: 200,
      body: { id: "tr_9", object: "transfer", amount: 1_900, amount_reversed: 1_900, currency: "usd" },
    });
    await handleStripeEvent(database.db, gateway, event("payout.failed", providerId));
    expect(await earningsOf(database.db, userId)).toBe(5_000);
    expect(await checkLedger(database.db)).toEqual([]);
  });

  it("fails a payout that was already paid when Stripe later says it failed (a returned payout)", async () => {
    const { userId, row, providerId } = await sentPayout();
    await database.db.update(payouts).set({ state: "paid" }).where(eq(payouts.id, row.id));
    const failed = { status: 200, body: stripePayout(providerId, row.id, "failed") };
    emulator.replyOnce("GET", `/v1/payouts/${providerId}`, failed);
    emulator.replyOnce("GET", `/v1/payouts/${providerId}`, failed);
    emulator.replyOnce("GET", "/v1/transfers/tr_9", {
      status: 200,
      body: { id: "tr_9", object: "transfer", amount: 1_900, amount_reversed: 1_900, currency: "usd" },
    });
    await handleStripeEvent(database.db, gateway, event("payout.failed", providerId));
    expect(await earningsOf(database.db, userId)).toBe(5_000);
  });

  it("ignores payouts it did not make", async () => {
    emulator.replyOnce("GET", "/v1/payouts/po_foreign", {
      status: 200,
      body: stripePayout("po_foreign", "not-one-of-ours", "paid"),
    });
    const result = await handleStripeEvent(database.db, gateway, event("payout.paid", "po_foreign"));
    expect(result).toEqual({ received: true, duplicate: false, ignored: false });
  });
});
