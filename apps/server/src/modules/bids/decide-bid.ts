import { crashPoint } from "@mx/kit/crash-points";
import { uniqueViolation } from "@mx/kit/db-errors";
import { AppError } from "@mx/kit/errors";
import { CardError, GatewayRequestError } from "@mx/processors/gateway";
import { ASK_PROCESSING_FEE_CENTS, BUY_PROCESSING_FEE_CENTS, SALES_TAX_CENTS } from "@mx/shared/constants";
import { disputeTexts } from "@mx/shared/messages";
import { formatCents } from "@mx/shared/money";
import type { Bid } from "@mx/shared/schemas/bids";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/client";
import { bids } from "../../db/schema/bids";
import { buildings, priceHistory, properties } from "../../db/schema/buildings";
import { paymentIntents } from "../../db/schema/payments";
import type { BidRowStatus } from "../../db/schema/states";
import type { AppDeps } from "../../deps";
import { alertWatchers } from "../alerts/alert-watchers";
import { lockBuildings, playerDeleted } from "../buildings/lock-buildings";
import { displayName } from "../buildings/present-property";
import { publishBuilding } from "../buildings/publish-building";
import { trackHoldings } from "../collections/track-holdings";
import { recordClearingProceeds } from "../ledger/clearing";
import { accounts, postJournal } from "../ledger/ledger";
import { type Resumable, runOperation, type Step } from "../money/operation";
import { bidActivity } from "./bid-activity";
import { type BidRow, bidCaptureKey, bidRefundKey, type HeldBid } from "./bid-rows";
import { bidById } from "./present-bid";
import { releaseHolds } from "./release-holds";

/** The bid, read under its building's lock (taken first, so every change to the building waits its turn). */
async function lockedBid(tx: Tx, bidId: string): Promise<BidRow> {
  const [found] = await tx.select({ buildingId: bids.buildingId }).from(bids).where(eq(bids.id, bidId));
  if (!found) throw new AppError("NOT_FOUND", `No bid with id ${bidId}.`);
  await lockBuildings(tx, [found.buildingId]);
  const [row] = await tx.select().from(bids).where(eq(bids.id, bidId));
  if (!row) throw new AppError("NOT_FOUND", `No bid with id ${bidId}.`);
  return row;
}

const statusWords: Record<string, string> = {
  holding: "still being placed",
  accepting: "being accepted",
  refunding: "no longer open: the sale failed and the bidder is being refunded",
  accepted: "accepted already",
  rejected: "declined already",
  cancelled: "cancelled already",
  expired: "expired",
  replaced: "replaced by a newer bid",
  released: "no longer open: the building was sold or taken off the market",
  failed: "no longer open: its card hold failed",
};

function mustBePending(bid: BidRow, now: Date): void {
  if (bid.status !== "pending") {
    throw new AppError("CONFLICT", `This bid is ${statusWords[bid.status] ?? bid.status}.`);
  }
  if (bid.expiresAt <= now) throw new AppError("CONFLICT", "This bid has expired.");
}

async function ownerOf(tx: Tx, buildingId: string) {
  const [row] = await tx
    .select({ ownerId: properties.ownerId, forSale: properties.forSale, frozen: properties.frozenDisputeId })
    .from(properties)
    .where(eq(properties.buildingId, buildingId));
  return row;
}

/** Closes one pending bid with a decision that lets its hold go (decline by the owner, cancel by the bidder). */
async function closeBid(
  deps: AppDeps,
  userId: string,
  bidId: string,
  decision: "rejected" | "cancelled",
): Promise<Bid> {
  const held = await deps.db.transaction(async (tx) => {
    const bid = await lockedBid(tx, bidId);
    if (decision === "rejected" && bid.ownerId !== userId) {
      throw new AppError("FORBIDDEN", "Only the building's owner can decline this bid.");
    }
    if (decision === "cancelled" && bid.bidderId !== userId) {
      throw new AppError("FORBIDDEN", "Only the bidder can cancel this bid.");
    }
    mustBePending(bid, new Date());
    await tx
      .update(bids)
      .set({ status: decision, decidedAt: new Date(), updatedAt: new Date() })
      .where(eq(bids.id, bidId));
    await bidActivity(tx, bidId, decision === "rejected" ? "declined" : "cancelled");
    return { id: bid.id, paymentIntentId: bid.paymentIntentId };
  });
  crashPoint("bid.closed");
  await releaseHolds(deps, [held]);
  return bidById(deps.db, bidId);
}

export const rejectBid = (deps: AppDeps, userId: string, bidId: string) =>
  closeBid(deps, userId, bidId, "rejected");
export const cancelBid = (deps: AppDeps, userId: string, bidId: string) =>
  closeBid(deps, userId, bidId, "cancelled");

/**
 * POST properties/accept-bid. The owner sells to the bidder, as a money operation (money/operation.ts) whose charge
 * is the capture of the bidder's hold:
 *   1. reserve: under the building's lock the bid becomes `accepting` — one per building, so of two accepts at
 *      once exactly one goes on and the other is refused before any money moves;
 *   2. capture the bidder's hold under `bid-capture:<id>`, outside any transaction;
 *   3. in one transaction (sell): ownership, price, price history, the sale's ledger journal, the bid accepted and
 *      every other pending bid on the building released.
 * If step 3 fails after the capture, the capture is refunded before the error is reported.
 */
export async function acceptBid(deps: AppDeps, userId: string, bidId: string): Promise<Bid> {
  const { db } = deps;

  // 1. Reserve.
  let bid: BidRow;
  try {
    bid = await db.transaction(async (tx) => {
      const row = await lockedBid(tx, bidId);
      if (row.ownerId !== userId) {
        throw new AppError("FORBIDDEN", "Only the building's owner can accept this bid.");
      }
      mustBePending(row, new Date());
      const property = await ownerOf(tx, row.buildingId);
      if (property?.ownerId !== userId) throw new AppError("CONFLICT", "You no longer own this building.");
      if (!property.forSale) throw new AppError("CONFLICT", "This building is not for sale any more.");
      if (property.frozen) throw new AppError("CONFLICT", disputeTexts.buildingFrozen);
      const [accepting] = await tx
        .update(bids)
        .set({ status: "accepting", updatedAt: new Date() })
        .where(and(eq(bids.id, bidId), eq(bids.status, "pending")))
        .returning();
      if (!accepting) throw new AppError("CONFLICT", "This bid is no longer open.");
      return accepting;
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) {
      throw new AppError("CONFLICT", "Another bid on this building is being accepted right now.");
    }
    throw error;
  }

  // 2 and 3.
  let step: Step<HeldBid[]>;
  try {
    step = await runOperation(acceptOperation(deps), bid);
  } catch (error) {
    if (error instanceof GatewayRequestError && error.statusCode >= 500) {
      // The processor's answer is unknown: the bid stays `accepting`, and recovery finds out from the hold.
      throw new AppError(
        "UNAVAILABLE",
        "The payment processor could not be reached; please try again shortly.",
        { cause: error },
      );
    }
    if (error instanceof CardError || error instanceof GatewayRequestError) {
      throw new AppError(
        "CONFLICT",
        `The bidder's card could not be charged (${error.message}); the bid has been withdrawn.`,
        { cause: error },
      );
    }
    throw error;
  }
  if (!("done" in step)) throw new Error("a capture does not wait for the bidder");
  await releaseHolds(deps, step.done);
  return bidById(db, bidId);
}

/** Ends an acceptance that kept no money: the bid fails (its hold is then owed back). */
const failAccept = (q: Queryable, bidId: string, failure: string, from: BidRowStatus[]) =>
  q
    .update(bids)
    .set({ status: "failed", failure, decidedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(bids.id, bidId), inArray(bids.status, from)))
    .returning({ id: bids.id });

/**
 * Accepting a bid as a money operation. Its charge is the capture of the hold the bid was placed with, and its
 * settlement the sale (`sell`), which returns the other bids it released, for their holds to be let go. The hold
 * is the bid's, not the acceptance's: an acceptance that never captured it gives the bid back to the owner
 * (pending, its hold kept) while the processor still holds the money, and fails the bid otherwise.
 */
export function acceptOperation(deps: AppDeps): Resumable<BidRow, HeldBid[]> {
  const { db, gateway } = deps;
  return {
    name: "accept",
    gateway,
    db,
    words: { notCompleted: "The sale could not be completed; the bidder has been refunded." },
    chargeKey: (row) => bidCaptureKey(row.id),
    refundKey: (row) => bidRefundKey(row.id),
    chargeCents: (row) => row.totalCents,
    phase: (row) =>
      row.status === "accepting" ? "reserved" : row.status === "refunding" ? "refunding" : null,
    intentId: (row) => row.paymentIntentId,
    async charge(row) {
      if (!row.paymentIntentId) throw new AppError("CONFLICT", "the bid has no card hold");
      // With a key fixed by the bid: a repeat (by recovery) is answered as the first capture was.
      return gateway.capturePaymentIntent({ id: row.paymentIntentId, idempotencyKey: bidCaptureKey(row.id) });
    },
    // The hold's id is on the row since the bid was placed.
    note: async () => {},
    // A capture never waits for the bidder.
    awaitPlayer: async () => false,
    settle: (row) => sell(deps, row),
    async settled(row) {
      const [now] = await db.select({ status: bids.status }).from(bids).where(eq(bids.id, row.id));
      // The bids its sale released are owed their holds, which the sweep lets go if this request could not.
      return now?.status === "accepted" ? [] : null;
    },
    async release(row, failure) {
      const hold = row.paymentIntentId ? await gateway.retrievePaymentIntent(row.paymentIntentId) : null;
      if (hold?.status === "requires_capture") {
        const back = await db
          .update(bids)
          .set({ status: "pending", updatedAt: new Date() })
          .where(and(eq(bids.id, row.id), eq(bids.status, "accepting")))
          .returning({ id: bids.id });
        return back.length > 0;
      }
      const failed = await failAccept(db, row.id, failure, ["accepting"]);
      if (failed.length === 0) return false;
      await releaseHolds(deps, [{ id: row.id, paymentIntentId: row.paymentIntentId }]);
      return true;
    },
    // Only a capture whose sale is not written is refunded: a bid accepted meanwhile keeps it.
    async beginRefund(row, failure) {
      const refunding = await db
        .update(bids)
        .set({ status: "refunding", failure, updatedAt: new Date() })
        .where(and(eq(bids.id, row.id), inArray(bids.status, ["accepting", "refunding"])))
        .returning({ id: bids.id });
      return refunding.length > 0;
    },
    // The captured money went back whole: no hold is left to let go.
    async endRefund(row, failure) {
      await db.transaction(async (tx) => {
        if ((await failAccept(tx, row.id, failure, ["refunding"])).length > 0) {
          await tx.update(bids).set({ holdReleasedAt: new Date() }).where(eq(bids.id, row.id));
        }
      });
    },
    find: async (row) => (row.paymentIntentId ? gateway.retrievePaymentIntent(row.paymentIntentId) : null),
    // Recovery leaves an uncaptured hold to the bid: `release` gives the bid back to the owner with it.
    cancel: async () => {},
    playerGone: (row) => playerDeleted(db, row.bidderId),
  };
}

/**
 * The sale of a captured bid, in one transaction: ownership, price, price history, the sale's journal, the bid
 * accepted and every other pending bid on the building released (returned, for their holds to be let go).
 */
async function sell(deps: AppDeps, bid: BidRow): Promise<HeldBid[]> {
  const intentId = bid.paymentIntentId;
  const userId = bid.ownerId;
  const bidId = bid.id;
  if (!userId) throw new AppError("CONFLICT", "This bid has no owner to sell.");
  return deps.db.transaction(async (tx) => {
    await lockBuildings(tx, [bid.buildingId]);
    await deps.faults?.beforeOwnership?.();
    // A bidder whose account is deleted (or being deleted: this waits for it) never owns: the capture is refunded.
    if (await playerDeleted(tx, bid.bidderId)) {
      throw new AppError("CONFLICT", "The bidder's account has been deleted; the bid has been withdrawn.");
    }
    const [still] = await tx.select({ status: bids.status }).from(bids).where(eq(bids.id, bidId));
    if (still?.status !== "accepting")
      throw new AppError("CONFLICT", "This bid is no longer being accepted.");
    // The name the seller gave goes with the sale; the bids it settles keep it, as they were made and announced.
    const [named] = await tx
      .select({ customName: properties.customName, dataName: buildings.name, address: buildings.address })
      .from(properties)
      .innerJoin(buildings, eq(buildings.id, properties.buildingId))
      .where(eq(properties.buildingId, bid.buildingId));
    const buildingName = named ? displayName(named) : null;
    await writeSale(tx, bid, userId, buildingName, deps.config.earningsClearHours);
    await tx
      .update(bids)
      .set({
        status: "accepted",
        buildingName,
        decidedAt: new Date(),
        holdReleasedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(bids.id, bidId));
    if (intentId) {
      await tx
        .update(paymentIntents)
        .set({ status: "succeeded", updatedAt: new Date() })
        .where(eq(paymentIntents.id, intentId));
    }
    const others = await tx
      .update(bids)
      .set({ status: "released", buildingName, decidedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(bids.buildingId, bid.buildingId), eq(bids.status, "pending"), ne(bids.id, bidId)))
      .returning({ id: bids.id, paymentIntentId: bids.paymentIntentId, bidderId: bids.bidderId });
    await announceSale(deps, tx, bid, userId, others);
    return others.map(({ id, paymentIntentId }) => ({ id, paymentIntentId }));
  });
}

/**
 * The sale's writes on the building, in the sale's transaction: the bidder made its owner at the bid's price (only
 * while the seller still owns it), the price-history point, and the sale's journal. The seller's proceeds clear
 * before they can be withdrawn: they go to their clearing account for `clearHours` after the buyer's payment.
 */
async function writeSale(
  tx: Tx,
  bid: BidRow,
  userId: string,
  buildingName: string | null,
  clearHours: number,
): Promise<void> {
  const bidId = bid.id;
  const [sold] = await tx
    .update(properties)
    .set({
      ownerId: bid.bidderId,
      priceCents: bid.amountCents,
      forSale: false,
      askCents: null,
      customName: null,
      sales: sql`${properties.sales} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(properties.buildingId, bid.buildingId), eq(properties.ownerId, userId)))
    .returning({ id: properties.id });
  if (!sold) throw new AppError("CONFLICT", "You no longer own this building.");
  await tx
    .insert(priceHistory)
    .values({ buildingId: bid.buildingId, priceCents: bid.amountCents, kind: "trade" });
  const proceedsCents = bid.amountCents - ASK_PROCESSING_FEE_CENTS;
  await postJournal(tx, {
    kind: "sale",
    reference: bidId,
    building: { id: bid.buildingId, name: buildingName },
    memo: `${bid.buildingId} sold for ${formatCents(bid.amountCents)}`,
    entries: [
      { account: accounts.cardFunding, amountCents: -bid.totalCents },
      { account: accounts.clearing(userId), amountCents: proceedsCents },
      {
        account: accounts.platformFees,
        amountCents: BUY_PROCESSING_FEE_CENTS + ASK_PROCESSING_FEE_CENTS,
      },
      { account: accounts.salesTaxPayable, amountCents: SALES_TAX_CENTS },
    ],
  });
  if (proceedsCents <= 0) return;
  await recordClearingProceeds(tx, {
    sellerId: userId,
    saleReference: bidId,
    paymentIntentId: bid.paymentIntentId,
    buildingId: bid.buildingId,
    amountCents: proceedsCents,
    clearHours,
  });
}

/**
 * The sale told, in the sale's transaction: the bid's and the released bids' activity, the building's collection holdings,
 * every map's event, and every watcher but those who heard of it already.
 */
async function announceSale(
  deps: AppDeps,
  tx: Tx,
  bid: BidRow,
  userId: string,
  others: { id: string; bidderId: string }[],
): Promise<void> {
  await bidActivity(tx, bid.id, "accepted");
  for (const other of others) await bidActivity(tx, other.id, "released");
  await trackHoldings(tx, deps.collections, [bid.buildingId]);
  await publishBuilding(tx, "building.sold", bid.buildingId);
  // The seller acted; the buyer and the bidders released have heard of it above.
  await alertWatchers(tx, "watch.sold", [
    {
      buildingId: bid.buildingId,
      quiet: [userId, bid.bidderId, ...others.map((other) => other.bidderId)],
      payload: { price: bid.amountCents / 100 },
    },
  ]);
}
