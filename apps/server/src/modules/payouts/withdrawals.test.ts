import { sandboxPayouts } from "@mx/sandbox/schema";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, ledgerJournals } from "../../db/schema/ledger";
import { payouts } from "../../db/schema/payouts";
import { users } from "../../db/schema/users";
import { payAutomaticPayouts } from "../../jobs/pay-automatic-payouts";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { runJobOnce } from "../../test/jobs";
import {
  addPayoutCard,
  connectedPlayer,
  creditEarnings,
  earningsOf,
  FAILING_PAYOUT_CARD,
} from "../../test/payouts";
import { checkLedger } from "../ledger/check-ledger";
import { accounts, balanceOf } from "../ledger/ledger";
import { recordPayout } from "./send-payout";
import { settlePayouts } from "./settle-payouts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const instant = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.call("POST", "/api/v1/users/instant-payout-card", { token, body, headers });
const manual = (token: string) => t.call("POST", "/api/v1/users/manual-payout", { token });
const balance = async (token: string) =>
  (await t.call("GET", "/api/v1/users/balance", { token })).json().data.response;
const history = async (token: string) =>
  (await t.call("GET", "/api/v1/users/payout/details", { token })).json().data.response;

/** A connected player with a default debit payout card and `cents` of earnings. */
async function seller(cents: number, cardNumber?: string) {
  const player = await connectedPlayer(t);
  const card = (await addPayoutCard(t, player.token, cardNumber)).json().data.data;
  if (cents > 0) await creditEarnings(db(), player.userId, cents);
  return { ...player, card };
}

/** Every journal of one payout, by kind. */
async function journalsOf(payoutId: string) {
  return db()
    .select({ kind: ledgerJournals.kind, account: ledgerEntries.account, cents: ledgerEntries.amountCents })
    .from(ledgerJournals)
    .innerJoin(ledgerEntries, eq(ledgerEntries.journalId, ledgerJournals.id))
    .where(eq(ledgerJournals.reference, payoutId))
    .orderBy(ledgerJournals.kind, ledgerEntries.account);
}

describe("GET users/balance", () => {
  it("reads the earnings from the ledger, in dollars and in cents", async () => {
    const player = await signUp(t);
    expect(await balance(player.token)).toEqual({
      availableAmount: 0,
      availableCents: 0,
      pendingAmount: 0,
      currency: "usd",
      instantPayoutFee: 1,
      clearingAmount: 0,
      clearingCents: 0,
      clearing: [],
    });
    await creditEarnings(db(), player.userId, 12_345);
    expect(await balance(player.token)).toMatchObject({ availableAmount: 123.45, availableCents: 12_345 });
  });
});

describe("POST users/instant-payout-card", () => {
  it("checks a default card, then a connected account, then a balance above 0, with the spec's words", async () => {
    const fresh = await signUp(t);
    const noCard = await instant(fresh.token, { amount: 500 });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().message).toBe("No default card found. Please add and set a card as default.");

    const connected = await connectedPlayer(t);
    expect((await instant(connected.token, { amount: 500 })).json().message).toBe(
      "No default card found. Please add and set a card as default.",
    );

    // A card, but the account is no longer connected (the processor turned its payouts off).
    const disconnected = await seller(10_000);
    await db().update(users).set({ isStripeIntegrated: false }).where(eq(users.id, disconnected.userId));
    const notConnected = await instant(disconnected.token, { amount: 500 });
    expect(notConnected.statusCode).toBe(409);
    expect(notConnected.json().message).toBe("Stripe account not connected.");

    const broke = await seller(0);
    const empty = await instant(broke.token, { amount: 500 });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe("Insufficient balance for instant payout.");
  });

  it("pays the amount less the 1.00 fee to the card, at once, and the balance drops by the amount", async () => {
    const player = await seller(5_000);
    const res = await instant(player.token, { amount: 2_000, currency: "usd", cardId: player.card.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Payout successfully completed");
    const payout = {
      id: expect.any(String),
      amount: 20,
      fee: 1,
      netAmount: 19,
      currency: "usd",
      status: "paid",
      automatic: false,
      method: "instant",
      destination: "VISA •••• 5556",
      failureMessage: null,
      createdAt: expect.any(String),
    };
    expect(res.json().data).toEqual({ message: "Payout successfully completed", payout });
    expect(await balance(player.token)).toMatchObject({
      availableAmount: 30,
      availableCents: 3_000,
      pendingAmount: 0,
    });
    expect((await history(player.token)).payouts).toEqual([payout]);
    expect(await journalsOf(res.json().data.payout.id)).toEqual([
      { kind: "payout", account: accounts.earnings(player.userId), cents: -2_000 },
      { kind: "payout", account: "payouts", cents: 1_900 },
      { kind: "payout", account: "platform_fees", cents: 100 },
    ]);
    const sent = await db()
      .select()
      .from(sandboxPayouts)
      .where(eq(sandboxPayouts.reference, res.json().data.payout.id));
    expect(sent).toMatchObject([
      { amountCents: 1_900, method: "instant", status: "paid", destination: player.card.id },
    ]);
    const feed = await t.call("GET", "/api/v1/users/activities", { token: player.token });
    expect(feed.json().data.activities[0]).toMatchObject({
      type: "payout.paid",
      payload: { payoutId: res.json().data.payout.id, amount: 20, instant: true },
    });
    expect(await checkLedger(db())).toEqual([]);
  });

  it("refuses amounts the fee would eat, more than the balance, and a card that is not the player's", async () => {
    const player = await seller(1_000);
    const other = await seller(0);
    const small = await instant(player.token, { amount: 100 });
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toBe("amount: must be more than the $1.00 instant payout fee");
    const tooMuch = await instant(player.token, { amount: 1_001 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe("Insufficient balance for instant payout.");
    const notMine = await instant(player.token, { amount: 500, cardId: other.card.id });
    expect(notMine.statusCode).toBe(404);
    for (const body of [{ amount: 10.5 }, { amount: -5 }, {}, { amount: 500, currency: "eur" }]) {
      expect((await instant(player.token, body)).statusCode).toBe(400);
    }
    expect(await earningsOf(db(), player.userId)).toBe(1_000);
  });

  it("never pays out more than the balance when ten payouts are asked for at once", async () => {
    const player = await seller(5_000);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => instant(player.token, { amount: 1_000 })),
    );
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 409, 409, 409, 409, 409]);
    for (const r of replies.filter((r) => r.statusCode === 409)) {
      expect(r.json().message).toBe("Insufficient balance for instant payout.");
    }
    expect(await earningsOf(db(), player.userId)).toBe(0);
    const rows = await db().select().from(payouts).where(eq(payouts.userId, player.userId));
    expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(5_000);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("sends one payout for one Idempotency-Key, however often it is repeated", async () => {
    const player = await seller(3_000);
    const key = `instant-${player.userId}`;
    const first = await instant(player.token, { amount: 1_000 }, { "idempotency-key": key });
    const again = await instant(player.token, { amount: 1_000 }, { "idempotency-key": key });
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await earningsOf(db(), player.userId)).toBe(2_000);
  });

  it("puts the money back, once, when the card's bank refuses the payout", async () => {
    const player = await seller(4_000, FAILING_PAYOUT_CARD);
    const res = await instant(player.token, { amount: 1_500 });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe("The bank could not process this payout.");
    expect(await earningsOf(db(), player.userId)).toBe(4_000);
    const [row] = await db().select().from(payouts).where(eq(payouts.userId, player.userId));
    expect(row).toMatchObject({ state: "failed", failureMessage: "The bank could not process this payout." });
    if (!row?.providerPayoutId) throw new Error("no processor payout");
    // The same failure reported again (a webhook, a re-read) changes nothing.
    const failed = await t.app.deps.gateway.retrievePayout({
      accountId: row.accountId,
      payoutId: row.providerPayoutId,
    });
    await recordPayout(t.app.deps, row.id, failed);
    await recordPayout(t.app.deps, row.id, failed);
    expect(await earningsOf(db(), player.userId)).toBe(4_000);
    const kinds = (await journalsOf(row.id)).map((j) => j.kind);
    expect(kinds.filter((k) => k === "payout")).toHaveLength(3);
    expect(kinds.filter((k) => k === "payout_reversal")).toHaveLength(3);
    expect((await history(player.token)).payouts[0]).toMatchObject({
      status: "failed",
      failureMessage: "The bank could not process this payout.",
    });
    const feed = (await t.call("GET", "/api/v1/users/activities", { token: player.token })).json().data;
    expect(feed.activities.filter((a: { type: string }) => a.type === "payout.failed")).toEqual([
      expect.objectContaining({
        payload: {
          payoutId: row.id,
          amount: 15,
          instant: true,
          reason: "The bank could not process this payout.",
        },
      }),
    ]);
    expect(await checkLedger(db())).toEqual([]);
  });
});

describe("POST users/manual-payout", () => {
  it("pays the whole balance out as a standard payout: pending, then paid once it has landed", async () => {
    const player = await seller(7_550);
    const res = await manual(player.token);
    expect(res.statusCode).toBe(200);
    // The message names where the money goes: the default debit card, not "your bank".
    expect(res.json().message).toBe("Payout requested: your balance is on its way to VISA •••• 5556.");
    expect(res.json().data.payout).toMatchObject({
      amount: 75.5,
      fee: 0,
      netAmount: 75.5,
      status: "pending",
      method: "standard",
      automatic: false,
      destination: "VISA •••• 5556",
    });
    expect(await balance(player.token)).toMatchObject({ availableCents: 0, pendingAmount: 75.5 });
    expect((await history(player.token)).payouts[0].status).toBe("pending");

    // The sandbox's arrival time passes: the next read finds it paid.
    await db()
      .update(sandboxPayouts)
      .set({ arrivalAt: new Date(Date.now() - 1000) })
      .where(eq(sandboxPayouts.reference, res.json().data.payout.id));
    await db()
      .update(payouts)
      .set({ arrivalAt: new Date(Date.now() - 1000) })
      .where(eq(payouts.id, res.json().data.payout.id));
    expect((await history(player.token)).payouts[0].status).toBe("paid");
    expect(await balance(player.token)).toMatchObject({ availableCents: 0, pendingAmount: 0 });
    expect(await checkLedger(db())).toEqual([]);
  });

  it("has nothing to pay out from an empty balance, and pays out once when asked twice at once", async () => {
    const player = await seller(0);
    const empty = await manual(player.token);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe("Your balance is $0.00: there is nothing to pay out.");
    await creditEarnings(db(), player.userId, 2_500);
    const both = await Promise.all([manual(player.token), manual(player.token), manual(player.token)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await earningsOf(db(), player.userId)).toBe(0);
    expect((await history(player.token)).payouts).toHaveLength(1);
  });

  it("needs a connected account", async () => {
    const player = await signUp(t);
    await creditEarnings(db(), player.userId, 1_000);
    const res = await manual(player.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Stripe account not connected.");
    expect((await t.call("GET", "/api/v1/users/payout/details", { token: player.token })).statusCode).toBe(
      409,
    );
  });

  it("gives the balance back when a pending payout fails at the bank, and only once", async () => {
    const player = await seller(3_000, FAILING_PAYOUT_CARD);
    const res = await manual(player.token);
    expect(res.json().data.payout.status).toBe("pending");
    expect(await earningsOf(db(), player.userId)).toBe(0);
    const past = new Date(Date.now() - 1000);
    await db()
      .update(sandboxPayouts)
      .set({ arrivalAt: past })
      .where(eq(sandboxPayouts.reference, res.json().data.payout.id));
    await db().update(payouts).set({ arrivalAt: past }).where(eq(payouts.id, res.json().data.payout.id));
    await Promise.all([settlePayouts(t.app.deps), settlePayouts(t.app.deps), history(player.token)]);
    expect(await earningsOf(db(), player.userId)).toBe(3_000);
    expect((await history(player.token)).payouts[0]).toMatchObject({ status: "failed" });
    expect(await checkLedger(db())).toEqual([]);
  });
});

describe("automatic payouts", () => {
  it("pays an automatic player's whole balance once a day", async () => {
    const player = await seller(4_000);
    const manualOne = await seller(4_000);
    const set = await t.call("PUT", "/api/v1/users/edit-Payout", {
      token: player.token,
      body: { type: "automatic" },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      message: "Payouts are now automatic.",
      data: { payoutType: "automatic" },
    });
    expect((await history(player.token)).payoutType).toBe("automatic");
    expect((await history(manualOne.token)).payoutType).toBe("manual");

    const day = new Date("2031-05-01T09:00:00Z");
    await runJobOnce(t.app.deps, payAutomaticPayouts, day);
    expect(await earningsOf(db(), player.userId)).toBe(0);
    expect(await earningsOf(db(), manualOne.userId)).toBe(4_000);
    const [made] = (await history(player.token)).payouts;
    expect(made).toMatchObject({ amount: 40, automatic: true, method: "standard", status: "pending" });

    // Later the same day: new earnings wait for tomorrow.
    await creditEarnings(db(), player.userId, 1_000);
    await Promise.all([
      runJobOnce(t.app.deps, payAutomaticPayouts, day),
      runJobOnce(t.app.deps, payAutomaticPayouts, day),
    ]);
    expect(await earningsOf(db(), player.userId)).toBe(1_000);
    await runJobOnce(t.app.deps, payAutomaticPayouts, new Date("2031-05-02T09:00:00Z"));
    expect(await earningsOf(db(), player.userId)).toBe(0);
    expect((await history(player.token)).payouts).toHaveLength(2);

    const back = await t.call("PUT", "/api/v1/users/edit-Payout", {
      token: player.token,
      body: { type: "manual" },
    });
    expect(back.json().data.payoutType).toBe("manual");
    const bad = await t.call("PUT", "/api/v1/users/edit-Payout", {
      token: player.token,
      body: { type: "weekly" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('type: must be one of "manual", "automatic"');
  });
  it("makes no automatic payout while an operator has frozen the player's payouts, nor a manual one", async () => {
    const player = await seller(2_500);
    await t.call("PUT", "/api/v1/users/edit-Payout", { token: player.token, body: { type: "automatic" } });
    await db()
      .update(users)
      .set({ payoutsFrozenReason: "Identity check" })
      .where(eq(users.id, player.userId));
    await runJobOnce(t.app.deps, payAutomaticPayouts, new Date("2031-06-01T09:00:00Z"));
    expect(await earningsOf(db(), player.userId)).toBe(2_500);
    expect((await history(player.token)).payouts).toHaveLength(0);
    const manual = await t.call("POST", "/api/v1/users/manual-payout", { token: player.token });
    expect(manual.statusCode).toBe(403);
    expect(manual.json().message).toBe("Payouts on your account are frozen: Identity check");

    // A freeze made after the day's payees were chosen still stops the payout being reserved.
    const { findAutomaticPayees, payAutomaticPayout } = await import("./automatic-payouts");
    await db().update(users).set({ payoutsFrozenReason: null }).where(eq(users.id, player.userId));
    const payees = await findAutomaticPayees(t.app.deps, new Date("2031-06-02T09:00:00Z"));
    const payee = payees.find((p) => p.userId === player.userId);
    expect(payee).toBeDefined();
    await db()
      .update(users)
      .set({ payoutsFrozenReason: "Identity check" })
      .where(eq(users.id, player.userId));
    expect(payee && (await payAutomaticPayout(t.app.deps, payee))).toBe(false);
    expect(await earningsOf(db(), player.userId)).toBe(2_500);
    expect(await checkLedger(db())).toEqual([]);
  });
});

describe("payouts left half-way", () => {
  it("sends a payout the process stopped before sending, once, with its own idempotency key", async () => {
    const player = await seller(2_000);
    // As if the process stopped after step 1: the row and its journal, but no call to the processor.
    const { reservePayout } = await import("./send-payout");
    const row = await db().transaction((tx) =>
      reservePayout(tx, {
        userId: player.userId,
        accountId: player.card.account,
        provider: "sandbox",
        amountCents: 2_000,
        feeCents: 100,
        currency: "usd",
        method: "instant",
        automatic: false,
        destination: player.card.id,
        destinationLabel: "VISA •••• 5556",
      }),
    );
    if (!row) throw new Error("not reserved");
    expect(await earningsOf(db(), player.userId)).toBe(0);
    const later = new Date(Date.now() + 5 * 60_000);
    await Promise.all([settlePayouts(t.app.deps, { now: later }), settlePayouts(t.app.deps, { now: later })]);
    const [after] = await db().select().from(payouts).where(eq(payouts.id, row.id));
    expect(after?.state).toBe("paid");
    const sent = await db().select().from(sandboxPayouts).where(eq(sandboxPayouts.reference, row.id));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.amountCents).toBe(1_900);
    const [{ n } = { n: 0 }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerJournals)
      .where(and(eq(ledgerJournals.reference, row.id), eq(ledgerJournals.kind, "payout")));
    expect(n).toBe(1);
    expect(await balanceOf(db(), accounts.earnings(player.userId))).toBe(0);
  });
});
