import { randomUUID } from "node:crypto";
import { ASK_PROCESSING_FEE_CENTS } from "@mx/shared/constants";
import type { Balance } from "@mx/shared/schemas/payouts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bids } from "../../db/schema/bids";
import { earningsClearances } from "../../db/schema/disputes";
import { ledgerJournals } from "../../db/schema/ledger";
import { accountRefunds, payouts } from "../../db/schema/payouts";
import { payAutomaticPayouts } from "../../jobs/pay-automatic-payouts";
import { releaseClearedEarnings } from "../../jobs/release-cleared-earnings";
import { giveBuilding, importSampleCity } from "../../test/buildings";
import { addCard } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { runJobOnce } from "../../test/jobs";
import { moneyProblems } from "../../test/money";
import { addPayoutCard, connectedPlayer } from "../../test/payouts";
import { clawBackClearing, restoreClawback } from "../ledger/clearing";
import { accounts, balanceOf, postJournal } from "../ledger/ledger";
import { getStatement } from "../market/get-statement";
import { releaseProceeds } from "./release-proceeds";

const ASK_CENTS = 120_000;
/** A bid above the ask. */
const BID_CENTS = 121_000;
const PROCEEDS = BID_CENTS - ASK_PROCESSING_FEE_CENTS;

/** A seller (connected, with a payout card) and a buyer (with a card), and the app they play on. */
async function players(t: TestApp) {
  const seller = await connectedPlayer(t);
  await addPayoutCard(t, seller.token);
  const buyer = await signUp(t);
  await addCard(t, buyer.token);
  return { seller, buyer };
}

/** The seller lists `buildingId` at ASK_CENTS, the buyer bids BID_CENTS by card and the seller accepts: the bid. */
async function sell(
  t: TestApp,
  buildingId: string,
  seller: { token: string; userId: string },
  buyerToken: string,
) {
  await giveBuilding(t.app.deps.db, buildingId, seller.userId, 100_000, { askCents: ASK_CENTS });
  const bid = await t.call("POST", "/api/v1/properties/submit-bid", {
    token: buyerToken,
    body: { propertyId: buildingId, bidAmount: BID_CENTS / 100, isApplePay: false },
  });
  expect(bid.statusCode, bid.body).toBe(200);
  const bidId = bid.json().data.bid.bidId as string;
  const accepted = await t.call("POST", "/api/v1/properties/accept-bid", {
    token: seller.token,
    body: { bidId },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const [row] = await t.app.deps.db.select().from(bids).where(eq(bids.id, bidId));
  return { bidId, paymentIntentId: row?.paymentIntentId ?? "" };
}

const balanceOfPlayer = async (t: TestApp, token: string): Promise<Balance> =>
  (await t.call("GET", "/api/v1/users/balance", { token })).json().data.response;

const clearedJournals = (t: TestApp, clearanceId: string) =>
  t.app.deps.db
    .select({ id: ledgerJournals.id })
    .from(ledgerJournals)
    .where(and(eq(ledgerJournals.kind, "earnings_cleared"), eq(ledgerJournals.reference, clearanceId)));

describe("proceeds that clear 72 hours after the buyer's payment", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ earningsClearHours: 72 });
    await importSampleCity(t.app.deps.db);
  });
  afterAll(() => t.close());
  const db = () => t.app.deps.db;

  it("are the seller's but not withdrawable until they clear, then once available", async () => {
    const { seller, buyer } = await players(t);
    const { bidId } = await sell(t, "way/1", seller, buyer.token);
    expect(await balanceOf(db(), accounts.earnings(seller.userId))).toBe(0);
    expect(await balanceOf(db(), accounts.clearing(seller.userId))).toBe(PROCEEDS);

    const before = await balanceOfPlayer(t, seller.token);
    expect(before).toMatchObject({
      availableCents: 0,
      clearingCents: PROCEEDS,
      clearingAmount: PROCEEDS / 100,
    });
    expect(before.clearing).toHaveLength(1);
    expect(before.clearing[0]).toMatchObject({
      amountCents: PROCEEDS,
      buildingId: "way/1",
      building: "Test Tower",
    });
    const hours = (Date.parse(before.clearing[0]?.clearsAt ?? "") - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);

    // Neither an instant, a standard nor an automatic payout takes proceeds still clearing.
    const instant = await t.call("POST", "/api/v1/users/instant-payout-card", {
      token: seller.token,
      body: { amount: 5_000 },
    });
    expect(instant.statusCode).toBe(409);
    expect(instant.json().message).toMatch(/still clearing/);
    const manual = await t.call("POST", "/api/v1/users/manual-payout", { token: seller.token });
    expect(manual.statusCode).toBe(409);
    expect(manual.json().message).toMatch(/still clearing/);
    const set = await t.call("PUT", "/api/v1/users/edit-Payout", {
      token: seller.token,
      body: { type: "automatic" },
    });
    expect(set.statusCode, set.body).toBe(200);
    await runJobOnce(t.app.deps, payAutomaticPayouts);
    expect(await db().select().from(payouts).where(eq(payouts.userId, seller.userId))).toEqual([]);

    // Not due yet: the job leaves it.
    expect((await runJobOnce(t.app.deps, releaseClearedEarnings)).done).toBe(0);
    const [row] = await db()
      .select()
      .from(earningsClearances)
      .where(eq(earningsClearances.saleReference, bidId));
    if (!row) throw new Error("no clearance row");
    await db()
      .update(earningsClearances)
      .set({ clearsAt: sql`now() - interval '1 second'` })
      .where(eq(earningsClearances.id, row.id));
    expect((await runJobOnce(t.app.deps, releaseClearedEarnings)).done).toBe(1);
    await runJobOnce(t.app.deps, releaseClearedEarnings);
    expect(await clearedJournals(t, row.id)).toHaveLength(1);
    expect(await balanceOf(db(), accounts.earnings(seller.userId))).toBe(PROCEEDS);
    expect(await balanceOf(db(), accounts.clearing(seller.userId))).toBe(0);
    expect(await balanceOfPlayer(t, seller.token)).toMatchObject({
      availableCents: PROCEEDS,
      clearingCents: 0,
      clearing: [],
    });

    // The statement had the proceeds from the sale on; their clearing moves nothing.
    const statement = await getStatement(db(), seller.userId, new Date().getUTCFullYear());
    const kinds = statement.rows.map((r) => [r.kind, r.earnings]);
    expect(kinds).toEqual([
      ["sale", PROCEEDS / 100],
      ["proceeds-cleared", 0],
    ]);
    expect(statement.closingBalance).toBe(PROCEEDS / 100);
    expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
  });

  it("are taken back while the buyer's payment is disputed, and given back to clear when it is won", async () => {
    const { seller, buyer } = await players(t);
    const { paymentIntentId } = await sell(t, "way/2", seller, buyer.token);
    const reference = randomUUID();
    expect(await db().transaction((tx) => clawBackClearing(tx, { paymentIntentId, reference }))).toBe(
      PROCEEDS,
    );
    // Twice is once.
    expect(await db().transaction((tx) => clawBackClearing(tx, { paymentIntentId, reference }))).toBe(0);
    expect(await balanceOf(db(), accounts.clearing(seller.userId))).toBe(0);
    expect(await balanceOf(db(), accounts.disputesClawedBack)).toBe(PROCEEDS);
    expect((await balanceOfPlayer(t, seller.token)).clearing).toEqual([]);

    const year = new Date().getUTCFullYear();
    const held = await getStatement(db(), seller.userId, year);
    expect(held.rows.at(-1)).toMatchObject({
      kind: "proceeds-held-back",
      earnings: -PROCEEDS / 100,
      description: "Proceeds held back: the buyer's payment for 10 West 33rd Street is disputed",
    });
    expect(held.closingBalance).toBe(0);

    expect(await db().transaction((tx) => restoreClawback(tx, { paymentIntentId, reference }))).toBe(
      PROCEEDS,
    );
    expect(await db().transaction((tx) => restoreClawback(tx, { paymentIntentId, reference }))).toBe(0);
    expect(await balanceOf(db(), accounts.clearing(seller.userId))).toBe(PROCEEDS);
    expect(await balanceOf(db(), accounts.disputesClawedBack)).toBe(0);
    const back = await getStatement(db(), seller.userId, year);
    expect(back.rows.at(-1)).toMatchObject({
      kind: "proceeds-returned",
      earnings: PROCEEDS / 100,
      description: "Proceeds returned: the dispute on 10 West 33rd Street was won",
    });
    expect(back.closingBalance).toBe(PROCEEDS / 100);
    expect((await balanceOfPlayer(t, seller.token)).clearingCents).toBe(PROCEEDS);
    expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
  });
});

describe("proceeds of a seller who deletes their account while they clear", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ earningsClearHours: 72 });
    await importSampleCity(t.app.deps.db);
  });
  afterAll(() => t.close());

  it("stay clearing on deletion, then go where the deletion's refund went, less its fee", async () => {
    const db = t.app.deps.db;
    const { seller, buyer } = await players(t);
    const cardId = await addCard(t, seller.token);
    const { bidId } = await sell(t, "way/3", seller, buyer.token);
    const deleted = await t.call("DELETE", `/api/v1/users/${seller.userId}`, { token: seller.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await db.select().from(accountRefunds).where(eq(accountRefunds.userId, seller.userId))).toEqual(
      [],
    );
    expect(await balanceOf(db, accounts.clearing(seller.userId))).toBe(PROCEEDS);

    await db
      .update(earningsClearances)
      .set({ clearsAt: sql`now() - interval '1 second'` })
      .where(eq(earningsClearances.saleReference, bidId));
    expect((await runJobOnce(t.app.deps, releaseClearedEarnings)).done).toBe(1);
    const refunds = await db.select().from(accountRefunds).where(eq(accountRefunds.userId, seller.userId));
    expect(refunds).toMatchObject([
      { paymentMethodId: cardId, amountCents: PROCEEDS, netCents: PROCEEDS - 100, state: "refunded" },
    ]);
    expect(await balanceOf(db, accounts.earnings(seller.userId))).toBe(0);
    expect(await balanceOf(db, accounts.clearing(seller.userId))).toBe(0);
    expect(await moneyProblems(db, t.app.deps.gateway)).toEqual([]);
  });

  it("are kept as the fee, each release on its own, when they do not cover the deletion's refund fee", async () => {
    const db = t.app.deps.db;
    const seller = await signUp(t);
    // Two sales of 60 cents' proceeds each, clearing (written as a sale writes them).
    const clearances: string[] = [];
    for (const n of [1, 2]) {
      const reference = randomUUID();
      await db.transaction(async (tx) => {
        await postJournal(tx, {
          kind: "sale",
          reference,
          entries: [
            { account: accounts.cardFunding, amountCents: -60 },
            { account: accounts.clearing(seller.userId), amountCents: 60 },
          ],
        });
        const [row] = await tx
          .insert(earningsClearances)
          .values({
            sellerId: seller.userId,
            saleReference: reference,
            amountCents: 60,
            clearsAt: new Date(n),
          })
          .returning({ id: earningsClearances.id });
        clearances.push(row?.id ?? "");
      });
    }
    const deleted = await t.call("DELETE", `/api/v1/users/${seller.userId}`, { token: seller.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const id of clearances) expect(await releaseProceeds(t.app.deps, id)).toBe(true);
    // Neither covers the $1.00 fee: each is kept as the fee, under its own release, and nothing stays owed.
    expect(await balanceOf(db, accounts.earnings(seller.userId))).toBe(0);
    expect(await balanceOf(db, accounts.clearing(seller.userId))).toBe(0);
    const forfeits = await db.select().from(ledgerJournals).where(eq(ledgerJournals.kind, "account_forfeit"));
    expect(forfeits.map((j) => j.reference).sort()).toEqual(clearances.map((id) => `clearance:${id}`).sort());
  });
});

describe("proceeds with no hours to clear", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ earningsClearHours: 0 });
    await importSampleCity(t.app.deps.db);
  });
  afterAll(() => t.close());

  it("are withdrawable at once, cleared in the sale's transaction", async () => {
    const { seller, buyer } = await players(t);
    const { bidId } = await sell(t, "way/1", seller, buyer.token);
    const db = t.app.deps.db;
    expect(await balanceOf(db, accounts.earnings(seller.userId))).toBe(PROCEEDS);
    expect(await balanceOf(db, accounts.clearing(seller.userId))).toBe(0);
    const [row] = await db
      .select()
      .from(earningsClearances)
      .where(eq(earningsClearances.saleReference, bidId));
    expect(row?.state).toBe("cleared");
    expect(await clearedJournals(t, row?.id ?? "")).toHaveLength(1);
    expect(await balanceOfPlayer(t, seller.token)).toMatchObject({ availableCents: PROCEEDS, clearing: [] });
    const instant = await t.call("POST", "/api/v1/users/instant-payout-card", {
      token: seller.token,
      body: { amount: 5_000 },
    });
    expect(instant.statusCode, instant.body).toBe(200);
    expect(await moneyProblems(db, t.app.deps.gateway)).toEqual([]);
  });
});
