import { deliverSandboxNotices } from "@mx/sandbox/notices";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bids } from "../../db/schema/bids";
import { buildings, properties } from "../../db/schema/buildings";
import { developments } from "../../db/schema/developments";
import { disputes } from "../../db/schema/disputes";
import { ledgerEntries, ledgerJournals } from "../../db/schema/ledger";
import { purchases } from "../../db/schema/purchases";
import { users } from "../../db/schema/users";
import { collection, giveBuilding, osmFeature } from "../../test/buildings";
import { addCard } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { moneyProblems } from "../../test/money";
import { importBuildings } from "../buildings/import-buildings";
import { parseFootprints } from "../buildings/parse-footprints";
import { accounts } from "../ledger/ledger";
import { RefundAwaitsDisputeError } from "../money/disputed-refund";
import { purchaseOperation } from "../properties/purchase-operation";
import { recoverPurchaseBy } from "../properties/purchase-recovery";
import { refundPurchasePayment } from "../properties/refund-purchase";
import { processorNotices } from "../webhooks/processor-notices";

/**
 * Disputes end to end on the sandbox processor, as Stripe's test mode makes them: a payment with 4000 0000 0000 0259
 * is disputed as fraudulent shortly after, one with 4000 0000 0000 2685 as product not received; the evidence
 * `winning_evidence` wins, `losing_evidence` loses.
 */

const FRAUDULENT = "4000 0000 0000 0259";
const NOT_RECEIVED = "4000 0000 0000 2685";

let t: TestApp;
let next = 800;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const db = () => t.app.deps.db;
const post = (path: string, token: string, body: unknown) =>
  t.call("POST", `/api/v1/properties/${path}`, { token, body });
const deliver = () => deliverSandboxNotices(db(), processorNotices(t.app.deps, t.app.log));
const propertyOf = async (buildingId: string) =>
  (await db().select().from(properties).where(eq(properties.buildingId, buildingId)))[0];
const disputeOf = async (paymentIntentId: string) =>
  (await db().select().from(disputes).where(eq(disputes.paymentIntentId, paymentIntentId)))[0];

async function newBuilding(): Promise<{ id: string; base: number }> {
  const id = `way/${next++}`;
  const { records, format } = parseFootprints(collection([osmFeature(id, -73.96 + next * 0.0001, 40.77)]));
  await importBuildings(db(), records, format);
  const [row] = await db().select().from(buildings).where(eq(buildings.id, id));
  return { id, base: row?.basePriceCents ?? 0 };
}

async function payer(card: string) {
  const player = await signUp(t);
  return { ...player, card: await addCard(t, player.token, card) };
}

/** The platform's evidence, submitted as the console does, and the processor's decision delivered. */
async function answer(paymentIntentId: string, text: string) {
  const row = await disputeOf(paymentIntentId);
  await t.app.deps.gateway.submitDisputeEvidence({ id: row?.processorId ?? "", text });
  await deliver();
  // The app's own notice worker may be the one delivering the decision: wait for it.
  return until(
    () => disputeOf(paymentIntentId),
    (found) => found?.state === "won" || found?.state === "lost",
  );
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A building bought with the card the sandbox disputes as fraudulent, as a player buys it. */
async function boughtWithDisputedCard() {
  const building = await newBuilding();
  const buyer = await payer(FRAUDULENT);
  const bought = await post("buy", buyer.token, {
    buildingId: building.id,
    paymentMethodId: buyer.card,
    bidAmount: building.base / 100,
    isApplePay: false,
  });
  expect(bought.statusCode, bought.body).toBe(200);
  const [purchase] = await db().select().from(purchases).where(eq(purchases.userId, buyer.userId));
  if (!purchase) throw new Error("the purchase was not written");
  return { building, buyer, purchase };
}

describe("disputes from the sandbox's test cards", () => {
  it("freezes a purchase paid with 0259 within seconds; winning evidence unfreezes it", async () => {
    const { building, buyer, purchase } = await boughtWithDisputedCard();
    const intentId = purchase.paymentIntentId ?? "";
    // The app's own notice worker delivers it, without help.
    const row = await until(
      () => disputeOf(intentId),
      (found) => found !== undefined,
    );
    expect(row).toMatchObject({
      processor: "sandbox",
      subject: "purchase",
      reason: "fraudulent",
      amountCents: purchase.totalCents,
      feeCents: 1500,
      fundsWithdrawn: true,
      state: "needs_response",
    });
    expect((await propertyOf(building.id))?.frozenDisputeId).toBe(row?.id);

    const decided = await answer(intentId, "winning_evidence");
    expect(decided).toMatchObject({ state: "won", fundsWithdrawn: false });
    expect((await propertyOf(building.id))?.frozenDisputeId).toBeNull();
    expect((await propertyOf(building.id))?.ownerId).toBe(buyer.userId);
    expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
  });

  it("freezes a building bought by a bid paid with 2685; losing evidence returns it to the game", async () => {
    const seller = await signUp(t);
    const building = await newBuilding();
    await giveBuilding(db(), building.id, seller.userId, 40_000, { askCents: 50_000 });
    const bidder = await payer(NOT_RECEIVED);
    const property = await propertyOf(building.id);
    const placed = await post("submit-bid", bidder.token, {
      propertyId: property?.id,
      bidAmount: 600,
      isApplePay: false,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const bidId = placed.json().data.bid.bidId as string;
    // A hold is not disputed; its capture is.
    await deliver();
    const accepted = await post("accept-bid", seller.token, { bidId });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await deliver();
    const [bid] = await db().select().from(bids).where(eq(bids.id, bidId));
    const intentId = bid?.paymentIntentId ?? "";
    // Delivered by the call above or by the app's own notice worker, whichever claimed the notice first.
    const row = await until(
      () => disputeOf(intentId),
      (found) => found !== undefined,
    );
    expect(row).toMatchObject({ subject: "bid", reason: "product_not_received", payerId: bidder.userId });
    expect((await propertyOf(building.id))?.frozenDisputeId).toBe(row?.id);

    const decided = await answer(intentId, "losing_evidence");
    expect(decided).toMatchObject({ state: "lost", returnedToGame: true });
    expect(await propertyOf(building.id)).toMatchObject({
      ownerId: null,
      frozenDisputeId: null,
      priceCents: 60_000,
    });
    const [player] = await db().select().from(users).where(eq(users.id, bidder.userId));
    expect(player?.restrictedReason).toMatch(/disputed/);
    expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
  });

  it("freezes a building developed with a payment by 0259", async () => {
    const owner = await payer(FRAUDULENT);
    const building = await newBuilding();
    await giveBuilding(db(), building.id, owner.userId, 100_000);
    const developed = await post("develop", owner.token, { propertyId: building.id, kind: "facade" });
    expect(developed.statusCode, developed.body).toBe(200);
    await deliver();
    const [development] = await db()
      .select()
      .from(developments)
      .where(eq(developments.buildingId, building.id));
    // Delivered by the call above or by the app's own notice worker, whichever claimed the notice first.
    const row = await until(
      () => disputeOf(development?.paymentIntentId ?? ""),
      (found) => found !== undefined,
    );
    expect(row).toMatchObject({
      subject: "development",
      subjectId: development?.id,
      state: "needs_response",
    });
    expect((await propertyOf(building.id))?.frozenDisputeId).toBe(row?.id);
    expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
  });

  /**
   * A refund begun before the processor disputed its payment (the console's, or an early fraud warning's, started
   * while the dispute was still on its way): the processor refuses it, and the dispute decides.
   */
  describe("a refund begun before its payment was disputed", () => {
    async function refundingDisputedPurchase() {
      const { purchase } = await boughtWithDisputedCard();
      const intentId = purchase.paymentIntentId ?? "";
      await until(
        () => disputeOf(intentId),
        (found) => found !== undefined,
      );
      // The refund's first transaction commits (the building back to the game, its journal posted); the processor
      // then refuses it: the refund waits for the dispute.
      await expect(
        refundPurchasePayment(t.app.deps, purchase, "refunded by the console"),
      ).rejects.toBeInstanceOf(RefundAwaitsDisputeError);
      const statusOf = async () =>
        (await db().select().from(purchases).where(eq(purchases.id, purchase.id)))[0]?.status;
      expect(await statusOf()).toBe("refunding");
      // Recovery finds it waiting, and asks no more of the processor while the dispute is open.
      const recover = () =>
        recoverPurchaseBy(
          t.app.deps,
          purchaseOperation(t.app.deps),
          purchase.id,
          new Date(Date.now() + 3_600_000),
        );
      expect(await recover()).toBe("waiting");
      expect(await statusOf()).toBe("refunding");
      return { intentId, recover, statusOf };
    }

    const chargebackRefunds = (disputeId: string) =>
      db()
        .select({ id: ledgerJournals.id })
        .from(ledgerJournals)
        .where(and(eq(ledgerJournals.kind, "chargeback_refund"), eq(ledgerJournals.reference, disputeId)));

    it("a lost dispute's chargeback ends it: no refund at the processor, and no loss booked for it", async () => {
      const { intentId, recover, statusOf } = await refundingDisputedPurchase();
      const decided = await answer(intentId, "losing_evidence");
      expect(decided?.state).toBe("lost");
      expect(await recover()).toBe("refunded");
      expect(await statusOf()).toBe("refunded");
      expect((await t.app.deps.gateway.retrievePaymentIntent(intentId)).refundedCents).toBe(0);
      expect(await chargebackRefunds(decided?.id ?? "")).toHaveLength(1);
      // The dispute's loss and the chargeback's refund cancel out: the payer was refunded once, by their bank.
      const losses = await db()
        .select({ cents: ledgerEntries.amountCents })
        .from(ledgerEntries)
        .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
        .where(
          and(
            eq(ledgerJournals.reference, decided?.id ?? ""),
            inArray(ledgerJournals.kind, ["dispute_lost", "chargeback_refund"]),
            eq(ledgerEntries.account, accounts.chargebackLosses),
          ),
        );
      expect(losses.map((l) => Number(l.cents)).sort((a, b) => a - b)).toEqual([
        -(decided?.amountCents ?? 0),
        decided?.amountCents ?? 0,
      ]);
      expect(await recover()).toBe("settled already");
      expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
    });

    it("a won dispute lets the processor refund it", async () => {
      const { intentId, recover, statusOf } = await refundingDisputedPurchase();
      const decided = await answer(intentId, "winning_evidence");
      expect(decided?.state).toBe("won");
      expect(await recover()).toBe("refunded");
      expect(await statusOf()).toBe("refunded");
      const intent = await t.app.deps.gateway.retrievePaymentIntent(intentId);
      expect(intent.refundedCents).toBe(intent.amountCents);
      expect(await chargebackRefunds(decided?.id ?? "")).toEqual([]);
      expect(await moneyProblems(db(), t.app.deps.gateway)).toEqual([]);
    });
  });
});
