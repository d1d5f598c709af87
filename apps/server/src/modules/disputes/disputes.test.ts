import type { GatewayDispute } from "@mx/processors/gateway";
import { sandboxPaymentIntents } from "@mx/sandbox/schema";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bids } from "../../db/schema/bids";
import { buildings, properties } from "../../db/schema/buildings";
import { developments } from "../../db/schema/developments";
import { disputes, earningsClearances } from "../../db/schema/disputes";
import { ledgerEntries, ledgerJournals } from "../../db/schema/ledger";
import { purchases } from "../../db/schema/purchases";
import { shopOrders } from "../../db/schema/shop";
import { users } from "../../db/schema/users";
import { collection, giveBuilding, osmFeature } from "../../test/buildings";
import { addCard } from "../../test/cards";
import { createTestApp, signUp, type TestApp } from "../../test/harness";
import { importBuildings } from "../buildings/import-buildings";
import { parseFootprints } from "../buildings/parse-footprints";
import { checkLedger } from "../ledger/check-ledger";
import { accounts, balanceOf } from "../ledger/ledger";
import { applyDispute } from "./apply-dispute";

/**
 * Disputes applied as the processor reports them (hand-made here, on real payments made through the app): what
 * the payment bought is frozen, a win gives back, a loss takes the building back to the game, and every notice
 * may come again.
 */

let t: TestApp;
let next = 700;
let disputeNumber = 0;
type Player = Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  // Proceeds clear after three days, so that a dispute finds them still clearing.
  t = await createTestApp({ earningsClearHours: 72 });
}, 60_000);
afterAll(() => t.close());

const db = () => t.app.deps.db;
const post = (path: string, token: string, body: unknown) =>
  t.call("POST", `/api/v1/properties/${path}`, { token, body });

async function newBuilding(): Promise<{ id: string; base: number }> {
  const id = `way/${next++}`;
  const { records, format } = parseFootprints(collection([osmFeature(id, -73.97 + next * 0.0001, 40.76)]));
  await importBuildings(db(), records, format);
  const [row] = await db().select().from(buildings).where(eq(buildings.id, id));
  return { id, base: row?.basePriceCents ?? 0 };
}

async function payer(): Promise<Player & { card: string }> {
  const player = await signUp(t);
  return { ...player, card: await addCard(t, player.token) };
}

const propertyOf = async (buildingId: string) =>
  (await db().select().from(properties).where(eq(properties.buildingId, buildingId)))[0];
const disputeRow = async (processorId: string) =>
  (await db().select().from(disputes).where(eq(disputes.processorId, processorId)))[0];
const journals = async (reference: string) =>
  (
    await db()
      .select({ kind: ledgerJournals.kind })
      .from(ledgerJournals)
      .where(eq(ledgerJournals.reference, reference))
  )
    .map((j) => j.kind)
    .sort();

/** The ledger holds: every journal balances, no player's account below zero, and all entries sum to nothing. */
async function ledgerHolds() {
  expect(await checkLedger(db())).toEqual([]);
  const [sum] = await db()
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint` })
    .from(ledgerEntries);
  expect(Number(sum?.total)).toBe(0);
}

/** A dispute as the processor would report it on a payment. */
function dispute(
  paymentIntentId: string,
  amountCents: number,
  over: Partial<GatewayDispute> = {},
): GatewayDispute {
  disputeNumber += 1;
  return {
    id: `dp_test_${Date.now()}_${disputeNumber}`,
    processor: "sandbox",
    paymentIntentId,
    amountCents,
    feeCents: 1500,
    currency: "usd",
    reason: "fraudulent",
    status: "needs_response",
    fundsWithdrawn: true,
    fundsReinstated: false,
    evidenceDueBy: new Date(Date.now() + 7 * 24 * 3600_000),
    createdAt: new Date(),
    ...over,
  };
}

/** A building bought from the game at its base price by a new player with a card. */
async function bought() {
  const building = await newBuilding();
  const buyer = await payer();
  const res = await post("buy", buyer.token, {
    buildingId: building.id,
    paymentMethodId: buyer.card,
    bidAmount: building.base / 100,
    isApplePay: false,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [purchase] = await db().select().from(purchases).where(eq(purchases.userId, buyer.userId));
  if (!purchase?.paymentIntentId) throw new Error("no purchase");
  return { building, buyer, purchase, intentId: purchase.paymentIntentId, amount: purchase.totalCents };
}

/** A pending bid on a building by a new player. */
async function bidOn(buildingId: string, dollars: number) {
  const bidder = await payer();
  const property = await propertyOf(buildingId);
  const res = await post("submit-bid", bidder.token, {
    propertyId: property?.id,
    bidAmount: dollars,
    isApplePay: false,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { bidder, bidId: res.json().data.bid.bidId as string };
}

/** A building sold by a seller to a bidder whose card hold is captured. */
async function soldByBid(seller?: Player, building?: { id: string }) {
  const owner = seller ?? (await signUp(t));
  const target = building ?? (await newBuilding());
  if (!seller) await giveBuilding(db(), target.id, owner.userId, 40_000);
  await db()
    .update(properties)
    .set({ forSale: true, askCents: 50_000, listedAt: new Date() })
    .where(eq(properties.buildingId, target.id));
  const { bidder, bidId } = await bidOn(target.id, 600);
  const accepted = await post("accept-bid", owner.token, { bidId });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const [bid] = await db().select().from(bids).where(eq(bids.id, bidId));
  if (!bid?.paymentIntentId) throw new Error("no bid hold");
  return {
    seller: owner,
    bidder,
    bid,
    intentId: bid.paymentIntentId,
    amount: bid.totalCents,
    buildingId: target.id,
  };
}

describe("a disputed payment", () => {
  it("freezes the building a purchase bought; a repeated or older notice changes nothing; a win unfreezes", async () => {
    const { building, buyer, intentId, amount } = await bought();
    const opened = dispute(intentId, amount);
    await applyDispute(t.app.deps, opened);

    const row = await disputeRow(opened.id);
    expect(row).toMatchObject({
      processor: "sandbox",
      subject: "purchase",
      buildingId: building.id,
      payerId: buyer.userId,
      amountCents: amount,
      feeCents: 1500,
      reason: "fraudulent",
      state: "needs_response",
      fundsWithdrawn: true,
      clawedBackCents: 0,
      closedAt: null,
    });
    expect((await propertyOf(building.id))?.frozenDisputeId).toBe(row?.id);
    expect(await journals(row?.id ?? "")).toEqual(["dispute_withdrawn"]);
    expect(await balanceOf(db(), accounts.disputes)).toBe(-amount);
    expect(await balanceOf(db(), accounts.disputeFees)).toBe(-1500);
    await ledgerHolds();

    // The same notice again, then the bank reviewing, then an older notice: the state only moves forward.
    await applyDispute(t.app.deps, opened);
    await applyDispute(t.app.deps, { ...opened, status: "under_review" });
    await applyDispute(t.app.deps, opened);
    expect((await disputeRow(opened.id))?.state).toBe("under_review");
    expect(await journals(row?.id ?? "")).toEqual(["dispute_withdrawn"]);
    expect(
      await db().select({ n: count() }).from(disputes).where(eq(disputes.processorId, opened.id)),
    ).toEqual([{ n: 1 }]);

    const won = { ...opened, status: "won" as const, fundsWithdrawn: false, fundsReinstated: true };
    await applyDispute(t.app.deps, won);
    await applyDispute(t.app.deps, won);
    // A late notice of the open dispute reopens nothing.
    await applyDispute(t.app.deps, opened);
    expect(await disputeRow(opened.id)).toMatchObject({ state: "won", fundsWithdrawn: false });
    expect((await disputeRow(opened.id))?.closedAt).not.toBeNull();
    expect((await propertyOf(building.id))?.frozenDisputeId).toBeNull();
    expect((await propertyOf(building.id))?.ownerId).toBe(buyer.userId);
    expect(await journals(row?.id ?? "")).toEqual(["dispute_reinstated", "dispute_withdrawn"]);
    expect(await balanceOf(db(), accounts.disputes)).toBe(0);
    // The fee stays lost; the payer is not restricted.
    expect(await balanceOf(db(), accounts.disputeFees)).toBe(-1500);
    const [player] = await db().select().from(users).where(eq(users.id, buyer.userId));
    expect(player?.restrictedReason).toBeNull();
    await ledgerHolds();
  });

  it("shows the frozen building as frozen in the market's listings and on its watchers' watchlists, until the win", async () => {
    const { building, buyer, intentId, amount } = await bought();
    // Listed before the dispute came (the freeze keeps a listing, and refuses its sale).
    await db()
      .update(properties)
      .set({ forSale: true, askCents: 9_000_000, listedAt: new Date() })
      .where(eq(properties.buildingId, building.id));
    const watcher = await signUp(t);
    const watched = await t.call("POST", "/api/v1/users/watchlist", {
      token: watcher.token,
      body: { buildingId: building.id },
    });
    expect(watched.statusCode, watched.body).toBe(200);
    const frozenIn = async () => {
      const market = await t.call("GET", "/api/v1/market/listings?sort=-price&limit=100", {
        token: buyer.token,
      });
      expect(market.statusCode, market.body).toBe(200);
      const listing = market
        .json()
        .data.listings.find((l: { buildingId: string }) => l.buildingId === building.id);
      const list = await t.call("GET", "/api/v1/users/watchlist", { token: watcher.token });
      expect(list.statusCode, list.body).toBe(200);
      const entry = list
        .json()
        .data.buildings.find((b: { buildingId: string }) => b.buildingId === building.id);
      return { listing: listing?.frozen, watchlist: entry?.frozen };
    };
    expect(await frozenIn()).toEqual({ listing: false, watchlist: false });

    const opened = dispute(intentId, amount);
    await applyDispute(t.app.deps, opened);
    expect(await frozenIn()).toEqual({ listing: true, watchlist: true });

    await applyDispute(t.app.deps, {
      ...opened,
      status: "won",
      fundsWithdrawn: false,
      fundsReinstated: true,
    });
    expect(await frozenIn()).toEqual({ listing: false, watchlist: false });
  });

  it("takes back a bid sale's clearing proceeds and freezes the buyer's building; a win gives both back", async () => {
    const sale = await soldByBid();
    const [clearance] = await db()
      .select()
      .from(earningsClearances)
      .where(eq(earningsClearances.paymentIntentId, sale.intentId));
    expect(clearance?.state).toBe("clearing");
    const clearing = await balanceOf(db(), accounts.clearing(sale.seller.userId));
    expect(clearing).toBe(clearance?.amountCents);

    const opened = dispute(sale.intentId, sale.amount, { fundsWithdrawn: false });
    await applyDispute(t.app.deps, opened);
    const row = await disputeRow(opened.id);
    expect(row).toMatchObject({ subject: "bid", payerId: sale.bidder.userId, fundsWithdrawn: false });
    expect(row?.clawedBackCents).toBe(clearing);
    expect(await balanceOf(db(), accounts.clearing(sale.seller.userId))).toBe(0);
    expect((await propertyOf(sale.buildingId))?.frozenDisputeId).toBe(row?.id);
    // No funds withdrawn yet: only the clawback is booked; then the processor takes them.
    expect(await journals(row?.id ?? "")).toEqual(["dispute_clawback"]);
    await applyDispute(t.app.deps, { ...opened, fundsWithdrawn: true });
    expect(await journals(row?.id ?? "")).toEqual(["dispute_clawback", "dispute_withdrawn"]);
    await ledgerHolds();

    await applyDispute(t.app.deps, {
      ...opened,
      status: "won",
      fundsWithdrawn: false,
      fundsReinstated: true,
    });
    expect(await balanceOf(db(), accounts.clearing(sale.seller.userId))).toBe(clearing);
    const [after] = await db()
      .select()
      .from(earningsClearances)
      .where(eq(earningsClearances.id, clearance?.id ?? ""));
    expect(after?.state).toBe("clearing");
    expect((await propertyOf(sale.buildingId))?.frozenDisputeId).toBeNull();
    expect(await journals(row?.id ?? "")).toEqual([
      "dispute_clawback",
      "dispute_clawback_return",
      "dispute_reinstated",
      "dispute_withdrawn",
    ]);
    await ledgerHolds();
  });

  it("returns a developed building to the game when lost: developments and price kept, bids released, payer restricted", async () => {
    const owner = await payer();
    const building = await newBuilding();
    await giveBuilding(db(), building.id, owner.userId, 100_000);
    await db().update(properties).set({ customName: "Mine" }).where(eq(properties.buildingId, building.id));
    const developed = await post("develop", owner.token, { propertyId: building.id, kind: "facade" });
    expect(developed.statusCode, developed.body).toBe(200);
    const [development] = await db()
      .select()
      .from(developments)
      .where(eq(developments.buildingId, building.id));
    if (!development?.paymentIntentId) throw new Error("no development payment");
    // Listed, with a bid waiting on it.
    await db()
      .update(properties)
      .set({ forSale: true, askCents: 200_000, listedAt: new Date() })
      .where(eq(properties.buildingId, building.id));
    const { bidder, bidId } = await bidOn(building.id, 2500);
    const before = await propertyOf(building.id);

    const opened = dispute(development.paymentIntentId, development.totalCents, {
      reason: "product_not_received",
    });
    await applyDispute(t.app.deps, opened);
    const row = await disputeRow(opened.id);
    expect(row).toMatchObject({ subject: "development", subjectId: development.id, payerId: owner.userId });
    expect((await propertyOf(building.id))?.frozenDisputeId).toBe(row?.id);

    const lost = { ...opened, status: "lost" as const };
    await applyDispute(t.app.deps, lost);
    await applyDispute(t.app.deps, lost);
    const after = await propertyOf(building.id);
    expect(after).toMatchObject({
      ownerId: null,
      customName: null,
      forSale: false,
      askCents: null,
      frozenDisputeId: null,
      priceCents: before?.priceCents,
      developmentLevel: before?.developmentLevel,
    });
    // The construction paid for goes on with the building.
    expect(after?.constructingUntil).toEqual(before?.constructingUntil);
    expect(await disputeRow(opened.id)).toMatchObject({ state: "lost", returnedToGame: true });
    expect(await journals(row?.id ?? "")).toEqual(["dispute_lost", "dispute_withdrawn"]);
    expect(await balanceOf(db(), accounts.chargebackLosses)).toBeLessThanOrEqual(-development.totalCents);

    // The bid on the owner who no longer has it is released, its hold let go.
    const [released] = await db().select().from(bids).where(eq(bids.id, bidId));
    expect(released?.status).toBe("released");
    expect(released?.holdReleasedAt).not.toBeNull();
    const [hold] = await db()
      .select({ status: sandboxPaymentIntents.status })
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, released?.paymentIntentId ?? ""));
    expect(hold?.status).toBe("canceled");
    expect(bidder.userId).not.toBe(owner.userId);

    // The payer is restricted.
    const [player] = await db().select().from(users).where(eq(users.id, owner.userId));
    expect(player?.restrictedReason).toMatch(/disputed/);
    await ledgerHolds();
  });

  it("leaves a resold building with its later buyer and books the loss", async () => {
    const { building, buyer, intentId, amount } = await bought();
    // The buyer sells it on by bid before the dispute comes.
    const resale = await soldByBid(buyer, building);
    const opened = dispute(intentId, amount);
    await applyDispute(t.app.deps, opened);
    const row = await disputeRow(opened.id);
    // Not the payer's any more: nothing to freeze.
    expect((await propertyOf(building.id))?.frozenDisputeId).toBeNull();
    const losses = await balanceOf(db(), accounts.chargebackLosses);

    await applyDispute(t.app.deps, { ...opened, status: "lost" });
    expect(await propertyOf(building.id)).toMatchObject({
      ownerId: resale.bidder.userId,
      frozenDisputeId: null,
    });
    expect(await disputeRow(opened.id)).toMatchObject({ state: "lost", returnedToGame: false });
    expect(await balanceOf(db(), accounts.chargebackLosses)).toBe(losses - amount);
    expect(await journals(row?.id ?? "")).toEqual(["dispute_lost", "dispute_withdrawn"]);
    const [player] = await db().select().from(users).where(eq(users.id, buyer.userId));
    expect(player?.restrictedReason).not.toBeNull();
    await ledgerHolds();
  });

  it("books the withdrawal with the loss when a dispute is first seen lost, and keeps one row when two deliveries race", async () => {
    const { building, intentId, amount } = await bought();
    const lost = dispute(intentId, amount, { status: "lost", fundsWithdrawn: false, feeCents: 0 });
    await Promise.all([applyDispute(t.app.deps, lost), applyDispute(t.app.deps, lost)]);
    const rows = await db().select().from(disputes).where(eq(disputes.processorId, lost.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: "lost", returnedToGame: true, fundsWithdrawn: true, feeCents: 0 });
    expect(await journals(rows[0]?.id ?? "")).toEqual(["dispute_lost", "dispute_withdrawn"]);
    expect((await propertyOf(building.id))?.ownerId).toBeNull();
    await ledgerHolds();
  });

  it("racing a sale by bid of the payer's building, leaves it either frozen and unsold or sold and unfrozen", async () => {
    for (let round = 0; round < 3; round++) {
      const { building, buyer, intentId, amount } = await bought();
      await db()
        .update(properties)
        .set({ forSale: true, askCents: building.base * 2, listedAt: new Date() })
        .where(eq(properties.buildingId, building.id));
      const { bidder, bidId } = await bidOn(building.id, (building.base * 2) / 100 + 1);
      const opened = dispute(intentId, amount);
      const [accepted] = await Promise.all([
        post("accept-bid", buyer.token, { bidId }),
        applyDispute(t.app.deps, opened),
      ]);
      const property = await propertyOf(building.id);
      const row = await disputeRow(opened.id);
      if (accepted.statusCode === 200) {
        expect(property).toMatchObject({ ownerId: bidder.userId, frozenDisputeId: null });
      } else {
        expect(accepted.statusCode).toBe(409);
        expect(property).toMatchObject({ ownerId: buyer.userId, frozenDisputeId: row?.id });
      }
      await ledgerHolds();
    }
  });

  it("records a shop order's dispute and its journals, with no building to freeze or return", async () => {
    const orderId = crypto.randomUUID();
    const intentId = `pi_shop_${Date.now()}`;
    await db()
      .insert(shopOrders)
      .values({
        id: orderId,
        checkoutSessionId: `cs_${Date.now()}`,
        provider: "sandbox",
        email: "shopper@example.com",
        amountCents: 4_200,
        currency: "usd",
        status: "paid",
        paymentIntentId: intentId,
      });
    const opened = dispute(intentId, 4_200);
    await applyDispute(t.app.deps, opened);
    await applyDispute(t.app.deps, { ...opened, status: "lost" });
    const row = await disputeRow(opened.id);
    expect(row).toMatchObject({ subject: "shop_order", subjectId: orderId, buildingId: null, payerId: null });
    expect(row).toMatchObject({ state: "lost", returnedToGame: null });
    expect(await journals(row?.id ?? "")).toEqual(["dispute_lost", "dispute_withdrawn"]);
    await ledgerHolds();
  });

  it("ignores a dispute on a payment the platform does not know", async () => {
    const unknown = dispute("pi_nobody_knows", 1234);
    await applyDispute(t.app.deps, unknown);
    expect(await disputeRow(unknown.id)).toBeUndefined();
  });
});
