import { CardError, GatewayRequestError } from "@mx/processors/gateway";
import { sandboxCardCredits, sandboxPayouts } from "@mx/sandbox/schema";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, ledgerJournals } from "../../db/schema/ledger";
import { paymentCards } from "../../db/schema/payments";
import { accountRefunds, payouts } from "../../db/schema/payouts";
import { users } from "../../db/schema/users";
import { addCard } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { connectedPlayer, creditEarnings, earningsOf } from "../../test/payouts";
import { checkLedger } from "../ledger/check-ledger";
import { accounts } from "../ledger/ledger";
import { settlePayouts } from "./settle-payouts";

let t: TestApp;
let creditCard: TestApp["app"]["deps"]["gateway"]["creditCard"];
beforeAll(async () => {
  t = await createTestApp();
  creditCard = t.app.deps.gateway.creditCard;
});
afterEach(() => {
  t.app.deps.gateway.creditCard = creditCard;
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const deleteAccount = (player: { userId: string; token: string }) =>
  t.call("DELETE", `/api/v1/users/${player.userId}`, { token: player.token });

async function entriesOf(kind: string, reference: string) {
  const rows = await db()
    .select({ account: ledgerEntries.account, cents: ledgerEntries.amountCents })
    .from(ledgerJournals)
    .innerJoin(ledgerEntries, eq(ledgerEntries.journalId, ledgerJournals.id))
    .where(and(eq(ledgerJournals.kind, kind), eq(ledgerJournals.reference, reference)));
  return rows.sort((a, b) => a.account.localeCompare(b.account));
}

describe("account deletion refunds the remaining earnings", () => {
  it("to the default card, minus the 1.00 processing fee, and erases the name on the cards", async () => {
    const player = await signUp(t);
    const cardId = await addCard(t, player.token);
    await creditEarnings(db(), player.userId, 2_500);
    const res = await deleteAccount(player);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe("Your account has been deleted.");

    expect(await earningsOf(db(), player.userId)).toBe(0);
    const [refund] = await db().select().from(accountRefunds).where(eq(accountRefunds.userId, player.userId));
    expect(refund).toMatchObject({
      paymentMethodId: cardId,
      amountCents: 2_500,
      feeCents: 100,
      netCents: 2_400,
      state: "refunded",
    });
    if (!refund) throw new Error("no refund");
    expect(await entriesOf("account_refund", refund.id)).toEqual([
      { account: accounts.earnings(player.userId), cents: -2_500 },
      { account: "platform_fees", cents: 100 },
      { account: "refunds", cents: 2_400 },
    ]);
    const credits = await db()
      .select()
      .from(sandboxCardCredits)
      .where(eq(sandboxCardCredits.reference, refund.id));
    expect(credits).toMatchObject([{ paymentMethodId: cardId, amountCents: 2_400 }]);

    const [user] = await db().select().from(users).where(eq(users.id, player.userId));
    expect(user).toMatchObject({
      email: null,
      userName: null,
      fullName: "Deleted player",
      passwordHash: null,
    });
    const cards = await db().select().from(paymentCards).where(eq(paymentCards.userId, player.userId));
    expect(cards.map((c) => c.name)).toEqual([null]);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("with no card, to the connected payout account, minus the same fee", async () => {
    const player = await connectedPlayer(t);
    await creditEarnings(db(), player.userId, 2_500);
    expect((await deleteAccount(player)).statusCode).toBe(200);
    expect(await earningsOf(db(), player.userId)).toBe(0);
    const [payout] = await db().select().from(payouts).where(eq(payouts.userId, player.userId));
    expect(payout).toMatchObject({ amountCents: 2_500, feeCents: 100, netCents: 2_400, method: "standard" });
    const sent = await db()
      .select()
      .from(sandboxPayouts)
      .where(eq(sandboxPayouts.reference, payout?.id ?? ""));
    expect(sent).toMatchObject([{ amountCents: 2_400, status: "pending" }]);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("keeps nothing back when the fee takes the whole balance", async () => {
    const player = await signUp(t);
    await addCard(t, player.token);
    await creditEarnings(db(), player.userId, 60);
    expect((await deleteAccount(player)).statusCode).toBe(200);
    expect(await earningsOf(db(), player.userId)).toBe(0);
    expect(await entriesOf("account_forfeit", player.userId)).toEqual([
      { account: accounts.earnings(player.userId), cents: -60 },
      { account: "platform_fees", cents: 60 },
    ]);
    expect(await db().select().from(accountRefunds).where(eq(accountRefunds.userId, player.userId))).toEqual(
      [],
    );
  });

  it("still deletes the account when the card refuses the refund, and owes the balance again, once", async () => {
    t.app.deps.gateway.creditCard = async () => {
      throw new CardError("card_declined", "Your card was declined.");
    };
    const player = await signUp(t);
    await addCard(t, player.token);
    await creditEarnings(db(), player.userId, 3_000);
    expect((await deleteAccount(player)).statusCode).toBe(200);
    expect((await t.call("GET", "/api/v1/users/profile", { token: player.token })).statusCode).toBe(401);
    const [refund] = await db().select().from(accountRefunds).where(eq(accountRefunds.userId, player.userId));
    expect(refund).toMatchObject({ state: "failed", failureMessage: "Your card was declined." });
    // Owed to the deleted player, on the ledger, for an operator to settle.
    expect(await earningsOf(db(), player.userId)).toBe(3_000);
    expect(await entriesOf("account_refund_reversal", refund?.id ?? "")).toEqual([
      { account: accounts.earnings(player.userId), cents: 3_000 },
      { account: "platform_fees", cents: -100 },
      { account: "refunds", cents: -2_900 },
    ]);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("sends a refund the processor could not take later, once", async () => {
    t.app.deps.gateway.creditCard = async () => {
      throw new GatewayRequestError("processor_unavailable", "The payment processor is not reachable.", 503);
    };
    const player = await signUp(t);
    await addCard(t, player.token);
    await creditEarnings(db(), player.userId, 1_500);
    expect((await deleteAccount(player)).statusCode).toBe(200);
    const [waiting] = await db()
      .select()
      .from(accountRefunds)
      .where(eq(accountRefunds.userId, player.userId));
    expect(waiting?.state).toBe("requested");
    expect(await earningsOf(db(), player.userId)).toBe(0);

    t.app.deps.gateway.creditCard = creditCard;
    const later = new Date(Date.now() + 10 * 60_000);
    await Promise.all([settlePayouts(t.app.deps, { now: later }), settlePayouts(t.app.deps, { now: later })]);
    const [sent] = await db().select().from(accountRefunds).where(eq(accountRefunds.userId, player.userId));
    expect(sent?.state).toBe("refunded");
    const credits = await db()
      .select()
      .from(sandboxCardCredits)
      .where(eq(sandboxCardCredits.reference, sent?.id ?? ""));
    expect(credits).toHaveLength(1);
    expect(await checkLedger(db())).toEqual([]);
  });
});
