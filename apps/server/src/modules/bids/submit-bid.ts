import { uniqueViolation } from "@mx/kit/db-errors";
import { AppError } from "@mx/kit/errors";
import { newId } from "@mx/kit/secrets";
import { CardError, type GatewayIntent } from "@mx/processors/gateway";
import { CURRENCY, FEE_AND_TAX_CENTS } from "@mx/shared/constants";
import { errors } from "@mx/shared/messages";
import { dollarsToCents, formatCents } from "@mx/shared/money";
import type { Bid, SubmitBidBody } from "@mx/shared/schemas/bids";
import type { Property } from "@mx/shared/schemas/properties";
import { and, eq } from "drizzle-orm";
import { bids } from "../../db/schema/bids";
import { paymentCards, paymentIntents } from "../../db/schema/payments";
import type { AppDeps } from "../../deps";
import { alertWatchers } from "../alerts/alert-watchers";
import { assertNotFrozen } from "../auth/frozen";
import { assertNotRestricted } from "../auth/restriction";
import { propertyOfBuilding } from "../buildings/building-property";
import { lockBuildings, playerDeleted } from "../buildings/lock-buildings";
import { defaultCard, ensureCustomer } from "../cards/cards";
import { cancelIntent, chargeAsDescribed, findIntent } from "../money/intents";
import { confirmOperation, finishFromNotice, type Resumable, runOperation } from "../money/operation";
import { type ActionRequired, actionOf } from "../payments/bank-check";
import { isPaypalMethod, PAYPAL_METHOD, providerOf } from "../payments/paypal-gateway";
import { assertRoomToWait, holdForPlayer } from "../payments/waiting-payments";
import { bidActivity, outbidActivity } from "./bid-activity";
import { type BidRow, bidHold, bidHoldKey } from "./bid-rows";
import { checkBid, findBidTarget } from "./bid-target";
import { bidById } from "./present-bid";
import { bidTtlMs, releaseHolds } from "./release-holds";

function bidCents(bidAmount: number): number {
  const cents = dollarsToCents(bidAmount);
  if (cents === null) throw new AppError("BAD_REQUEST", "bidAmount: must be a whole number of cents");
  return cents;
}

/** POST properties/generate-bid: checks a bid before any card is touched, and says what the card will hold. */
export async function generateBid(
  deps: AppDeps,
  userId: string,
  input: { propertyId: string; bidAmount: number },
): Promise<{ response: Property; total: number }> {
  const amountCents = bidCents(input.bidAmount);
  const target = await findBidTarget(deps.db, input.propertyId);
  checkBid(target, userId, amountCents);
  return {
    response: await propertyOfBuilding(deps.db, target.buildingId),
    total: (amountCents + FEE_AND_TAX_CENTS) / 100,
  };
}

/** The card (or PayPal) a bid is to hold: the one asked for, else the bidder's default; refused if there is none. */
async function bidCard(deps: AppDeps, userId: string, paymentMethodId: string | undefined) {
  const { db } = deps;
  const card = isPaypalMethod(deps, paymentMethodId)
    ? { id: PAYPAL_METHOD }
    : paymentMethodId
      ? (
          await db
            .select()
            .from(paymentCards)
            .where(and(eq(paymentCards.id, paymentMethodId), eq(paymentCards.userId, userId)))
        )[0]
      : await defaultCard(db, userId);
  if (!card) {
    throw paymentMethodId
      ? new AppError("NOT_FOUND", "No such payment method.")
      : new AppError("BAD_REQUEST", errors.addCardFirst);
  }
  return card;
}

/**
 * Checks an intent the bidder brought for their bid: a bid intent of theirs for the bid's total, and the
 * processor's own record of it a hold for this building.
 */
async function checkGivenIntent(
  deps: AppDeps,
  userId: string,
  { intentId, buildingId, totalCents }: { intentId: string; buildingId: string; totalCents: number },
): Promise<void> {
  const [intent] = await deps.db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.id, intentId), eq(paymentIntents.userId, userId)));
  if (intent?.purpose !== "bid") {
    throw new AppError("BAD_REQUEST", "paymentIntentId: not a bid payment intent of yours");
  }
  if (intent.amountCents !== totalCents) {
    throw new AppError(
      "BAD_REQUEST",
      `paymentIntentId: the intent is for ${formatCents(intent.amountCents)}, but this bid needs ${formatCents(totalCents)}`,
    );
  }
  // The processor's own record must say the same: the player, the building, a hold, the amount.
  const held = await deps.gateway.retrievePaymentIntent(intentId);
  if (
    held.metadata.userId !== userId ||
    held.metadata.buildingId !== buildingId ||
    held.metadata.purpose !== "bid" ||
    held.captureMethod !== "manual" ||
    held.amountCents !== totalCents
  ) {
    throw new AppError("BAD_REQUEST", "paymentIntentId: the intent is not a hold for this bid");
  }
}

/**
 * POST properties/submit-bid. Holds bid + processing fee + sales tax on the bidder's card (a manual-capture intent),
 * in three steps like a purchase, so that nothing is held for a bid that cannot stand:
 *   1. reserve: a `holding` bid, one per bidder and building, taken under the building's lock;
 *   2. hold the card, outside any transaction;
 *   3. under the lock again: the bid becomes pending and replaces the bidder's earlier one on this building.
 * A hold for a bid that could not be made pending is let go before the error is reported.
 */
export async function submitBid(
  deps: AppDeps,
  userId: string,
  input: SubmitBidBody,
): Promise<{ bid: Bid } | { action: ActionRequired; bidId: string }> {
  const { db } = deps;
  await assertNotFrozen(db, userId, "trading");
  // A bid is always held on a card or at PayPal.
  await assertNotRestricted(db, userId, "payments");
  const amountCents = bidCents(input.bidAmount);
  const totalCents = amountCents + FEE_AND_TAX_CENTS;
  const target = await findBidTarget(db, input.propertyId);
  checkBid(target, userId, amountCents);

  const card = await bidCard(deps, userId, input.paymentMethodId);
  if (input.paymentIntentId) {
    await checkGivenIntent(deps, userId, {
      intentId: input.paymentIntentId,
      buildingId: target.buildingId,
      totalCents,
    });
  }
  // PayPal always waits for the bidder's approval: refused at once when they have no place left for it.
  if (card.id === PAYPAL_METHOD) await assertRoomToWait(deps, userId);
  const customerId = await ensureCustomer(deps, userId);
  const { buildingId } = target;

  // 1. Reserve.
  const bidId = newId();
  let row: BidRow;
  try {
    row = await db.transaction(async (tx) => {
      await lockBuildings(tx, [buildingId]);
      const now = await findBidTarget(tx, buildingId);
      checkBid(now, userId, amountCents);
      const [inserted] = await tx
        .insert(bids)
        .values({
          id: bidId,
          buildingId,
          bidderId: userId,
          ownerId: now.ownerId,
          amountCents,
          totalCents,
          status: "holding",
          paymentIntentId: input.paymentIntentId ?? null,
          paymentMethodId: card.id,
          expiresAt: new Date(Date.now() + bidTtlMs(card.id)),
        })
        .returning();
      return inserted as BidRow;
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === "bids_one_per_payment_intent") {
      throw new AppError("CONFLICT", "paymentIntentId: this payment intent already backs another bid");
    }
    if (constraint !== null) {
      throw new AppError("CONFLICT", "You are already placing a bid on this building.");
    }
    throw error;
  }

  // 2 and 3: the hold, then the bid placed (money/operation.ts).
  const step = await runOperation(
    holdOperation(deps, { customerId, given: Boolean(input.paymentIntentId) }),
    row,
  );
  return "done" in step ? { bid: step.done } : { bidId, action: actionOf(step.waiting) };
}

/**
 * Placing a bid as a money operation whose charge is a hold (a manual-capture intent): reserved `holding`, the
 * hold made (or, when the bidder brought an intent, confirmed) under `bid:<id>`, then the bid placed (`placeBid`).
 * Giving the money back means letting the hold go: the bid fails, and its hold is owed back until the processor
 * has let it go (release-holds.ts). A hold found made after a stop is let go too, rather than placed behind the
 * bidder's back.
 */
export function holdOperation(
  deps: AppDeps,
  how: { customerId?: string; given?: boolean } = {},
): Resumable<BidRow, Bid> {
  const { db, gateway } = deps;
  const fail = async (row: BidRow, failure: string, intentId: string | null) => {
    const failed = await db
      .update(bids)
      .set({ status: "failed", failure, paymentIntentId: intentId, updatedAt: new Date() })
      .where(and(eq(bids.id, row.id), eq(bids.status, "holding")))
      .returning({ id: bids.id });
    return failed.length > 0;
  };
  return {
    name: "bid",
    gateway,
    db,
    captureMethod: "manual",
    settlesOnRecovery: false,
    chargeKey: (row) => bidHoldKey(row.id),
    refundKey: (row) => `bid-release:${row.id}`,
    chargeCents: (row) => row.totalCents,
    phase: (row) => (row.status === "holding" ? "reserved" : null),
    intentId: (row) => row.paymentIntentId,
    async charge(row) {
      const intent =
        how.given && row.paymentIntentId && row.paymentMethodId
          ? await gateway.confirmPaymentIntent({
              id: row.paymentIntentId,
              paymentMethodId: row.paymentMethodId,
            })
          : await chargeAsDescribed(
              gateway,
              how.customerId ?? (await ensureCustomer(deps, row.bidderId)),
              bidHold(row),
            );
      if (intent.amountCents !== row.totalCents) {
        // Not this bid's hold: let go with the bid.
        row.paymentIntentId = intent.id;
        throw new CardError("card_declined", "Your card was declined.");
      }
      return intent;
    },
    async note(row, intent) {
      if (row.paymentIntentId === intent.id) return;
      await db
        .update(bids)
        .set({ paymentIntentId: intent.id })
        .where(and(eq(bids.id, row.id), eq(bids.status, "holding")));
      row.paymentIntentId = intent.id;
    },
    async awaitPlayer(row, intent) {
      // The hold waits for the bidder (PayPal's approval, the bank's check): only while they have few such waiting.
      row.paymentIntentId = intent.id;
      return holdForPlayer(deps, { kind: "bid", id: row.id, userId: row.bidderId, intentId: intent.id });
    },
    async settle(row, intent) {
      if (!intent) throw new Error("a bid is always held on a card or at PayPal");
      const replaced = await placeBid(deps, row, intent);
      await releaseHolds(deps, replaced);
      return bidById(db, row.id);
    },
    async settled(row) {
      const [now] = await db.select({ status: bids.status }).from(bids).where(eq(bids.id, row.id));
      return now && now.status !== "holding" && now.status !== "failed" ? bidById(db, row.id) : null;
    },
    // Only a hold this bid made (or was given, and so owns by the unique index) is ever let go by it.
    async release(row, failure) {
      if (!(await fail(row, failure, row.paymentIntentId))) return false;
      await releaseHolds(deps, [{ id: row.id, paymentIntentId: row.paymentIntentId }]);
      return true;
    },
    beginRefund: (row, failure, intentId) => fail(row, failure, intentId ?? row.paymentIntentId),
    refund: (row, intentId) => releaseHolds(deps, [{ id: row.id, paymentIntentId: intentId }]),
    endRefund: async () => {},
    find: (row) => findIntent(gateway, row.paymentIntentId, () => bidHold(row)),
    cancel: (intent) => cancelIntent(gateway, intent, bidHoldKey(intent.metadata.bidId ?? intent.id)),
    playerGone: (row) => playerDeleted(db, row.bidderId),
  };
}

/**
 * POST properties/submit-bid/confirm: after the bidder has authenticated the hold with their bank, the hold is read
 * again from the processor and the bid placed (or failed, if authentication failed).
 */
export async function confirmBidHold(
  deps: AppDeps,
  userId: string,
  bidId: string,
): Promise<{ bid: Bid } | { action: ActionRequired; bidId: string }> {
  const [bid] = await deps.db
    .select()
    .from(bids)
    .where(and(eq(bids.id, bidId), eq(bids.bidderId, userId)));
  if (!bid) throw new AppError("NOT_FOUND", `No bid with id ${bidId}.`);
  if (bid.status !== "holding") return { bid: await bidById(deps.db, bidId) };
  if (!bid.paymentIntentId) throw new AppError("CONFLICT", "This bid has no card hold yet.");
  const step = await confirmOperation(holdOperation(deps), bid);
  return "done" in step ? { bid: step.done } : { bidId: bid.id, action: actionOf(step.waiting) };
}

/** After the processor's notice: the bid it names, if still being placed, finished (money/operation.ts). */
export async function finishBidHold(deps: AppDeps, intent: GatewayIntent): Promise<void> {
  const bidId = intent.metadata.bidId;
  if (!bidId) return;
  const [bid] = await deps.db.select().from(bids).where(eq(bids.id, bidId));
  await finishFromNotice(holdOperation(deps), bid, intent, deps.log);
}

/**
 * Step 3 of a bid, once its hold is made: under the building's lock the bid becomes pending and replaces the
 * bidder's earlier one on the building. Returns the replaced bids, whose holds are then to be let go. Throws, with
 * nothing written, when the bid can no longer stand.
 */
async function placeBid(deps: AppDeps, bid: BidRow, intent: GatewayIntent) {
  const { db, gateway } = deps;
  const { id: bidId, bidderId: userId, buildingId, amountCents, totalCents } = bid;
  return db.transaction(async (tx) => {
    await lockBuildings(tx, [buildingId]);
    if (await playerDeleted(tx, userId)) {
      throw new AppError("CONFLICT", "This account has been deleted; the hold on your card has been let go.");
    }
    const now = await findBidTarget(tx, buildingId);
    checkBid(now, userId, amountCents);
    if (now.ownerId !== bid.ownerId) throw new AppError("CONFLICT", "This building has just been sold.");
    const earlier = await tx
      .update(bids)
      .set({ status: "replaced", decidedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(bids.bidderId, userId), eq(bids.buildingId, buildingId), eq(bids.status, "pending")))
      .returning({ id: bids.id, paymentIntentId: bids.paymentIntentId });
    const [placed] = await tx
      .update(bids)
      .set({ status: "pending", paymentIntentId: intent.id, updatedAt: new Date() })
      .where(and(eq(bids.id, bidId), eq(bids.status, "holding")))
      .returning({ id: bids.id });
    if (!placed) throw new AppError("CONFLICT", "This bid is no longer being placed.");
    await tx
      .insert(paymentIntents)
      .values({
        id: intent.id,
        userId,
        provider: providerOf(gateway, intent.id),
        purpose: "bid",
        propertyId: now.propertyId,
        amountCents: totalCents,
        currency: CURRENCY,
        captureMethod: "manual",
        status: intent.status,
        paymentMethodId: bid.paymentMethodId,
      })
      .onConflictDoUpdate({
        target: paymentIntents.id,
        set: { status: intent.status, paymentMethodId: bid.paymentMethodId, updatedAt: new Date() },
      });
    const placedBid = await bidActivity(tx, bidId, "received");
    const outbid = await outbidActivity(tx, placedBid);
    // The bidder acted; the owner and the bidders it outbid have heard of it above.
    await alertWatchers(tx, "watch.bid_placed", [
      {
        buildingId,
        quiet: [userId, placedBid.ownerId, ...outbid],
        payload: { bidAmount: amountCents / 100 },
      },
    ]);
    return earlier;
  });
}
