import { CURRENCY, FEE_AND_TAX_CENTS } from "@mx/shared/constants";
import { errors } from "@mx/shared/messages";
import { dollarsToCents, formatCents } from "@mx/shared/money";
import type { Bid, SubmitBidBody } from "@mx/shared/schemas/bids";
import type { Property } from "@mx/shared/schemas/properties";
import { and, eq } from "drizzle-orm";
import { bids } from "../../db/schema/bids";
import { paymentCards, paymentIntents } from "../../db/schema/payments";
import type { AppDeps } from "../../deps";
import { crashPoint } from "../../lib/crash-points";
import { uniqueViolation } from "../../lib/db-errors";
import { AppError } from "../../lib/errors";
import { lockKey } from "../../lib/locks";
import { newId } from "../../lib/secrets";
import { propertyOfBuilding } from "../buildings/building-property";
import { defaultCard, ensureCustomer } from "../cards/cards";
import { type ActionRequired, AUTHENTICATION_FAILED, actionOf } from "../payments/bank-check";
import { CardError, type GatewayIntent, GatewayRequestError } from "../payments/gateway";
import {
  confirmApproved,
  isPaypalIntent,
  isPaypalMethod,
  PAYPAL_CANCELLED,
  PAYPAL_METHOD,
  providerOf,
} from "../payments/paypal-gateway";
import { assertRoomToWait, holdForPlayer, tooManyWaiting } from "../payments/waiting-payments";
import { bidActivity, outbidActivity } from "./bid-activity";
import { type BidRow, bidHold } from "./bid-rows";
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
  const { db, gateway } = deps;
  const amountCents = bidCents(input.bidAmount);
  const totalCents = amountCents + FEE_AND_TAX_CENTS;
  const target = await findBidTarget(db, input.propertyId);
  checkBid(target, userId, amountCents);

  const card = isPaypalMethod(deps, input.paymentMethodId)
    ? { id: PAYPAL_METHOD }
    : input.paymentMethodId
      ? (
          await db
            .select()
            .from(paymentCards)
            .where(and(eq(paymentCards.id, input.paymentMethodId), eq(paymentCards.userId, userId)))
        )[0]
      : await defaultCard(db, userId);
  if (!card) {
    throw input.paymentMethodId
      ? new AppError("NOT_FOUND", "No such payment method.")
      : new AppError("BAD_REQUEST", errors.addCardFirst);
  }
  if (input.paymentIntentId) {
    const [intent] = await db
      .select()
      .from(paymentIntents)
      .where(and(eq(paymentIntents.id, input.paymentIntentId), eq(paymentIntents.userId, userId)));
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
    const held = await deps.gateway.retrievePaymentIntent(input.paymentIntentId);
    if (
      held.metadata.userId !== userId ||
      held.metadata.buildingId !== target.buildingId ||
      held.metadata.purpose !== "bid" ||
      held.captureMethod !== "manual" ||
      held.amountCents !== totalCents
    ) {
      throw new AppError("BAD_REQUEST", "paymentIntentId: the intent is not a hold for this bid");
    }
  }
  // PayPal always waits for the bidder's approval: refused at once when they have no place left for it.
  if (card.id === PAYPAL_METHOD) await assertRoomToWait(deps, userId);
  const customerId = await ensureCustomer(deps, userId);
  const { buildingId } = target;

  // 1. Reserve.
  const bidId = newId();
  try {
    await db.transaction(async (tx) => {
      await lockKey(tx, `building:${buildingId}`);
      const now = await findBidTarget(tx, buildingId);
      checkBid(now, userId, amountCents);
      await tx.insert(bids).values({
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
      });
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
  crashPoint("bid.reserved");

  // 2. Hold.
  const {
    operation: holdKey,
    paymentMethodId: _,
    ...hold
  } = bidHold({ id: bidId, buildingId, bidderId: userId, totalCents, paymentMethodId: card.id });
  let intent: GatewayIntent;
  try {
    intent = input.paymentIntentId
      ? await gateway.confirmPaymentIntent({ id: input.paymentIntentId, paymentMethodId: card.id })
      : await gateway.createPaymentIntent({
          ...hold,
          customerId,
          paymentMethodId: card.id,
          idempotencyKey: holdKey,
        });
    crashPoint("bid.held");
    await db.update(bids).set({ paymentIntentId: intent.id }).where(eq(bids.id, bidId));
    if (intent.amountCents !== totalCents) throw new CardError("card_declined", "Your card was declined.");
  } catch (error) {
    if (
      error instanceof CardError ||
      error instanceof AppError ||
      (error instanceof GatewayRequestError && error.statusCode < 500)
    ) {
      await failBid(deps, bidId, (error as Error).message, input.paymentIntentId ?? null);
    }
    // Otherwise the processor's answer is unknown: the bid stays `holding`, and recovery finds the hold by its key.
    throw error;
  }
  if (intent.status === "requires_action") {
    // The hold waits for the bidder (PayPal's approval, the bank's check): only while they have few such waiting.
    const held = await holdForPlayer(deps, { kind: "bid", id: bidId, userId, intentId: intent.id });
    if (!held) {
      await failBid(deps, bidId, errors.tooManyWaitingPayments, intent.id);
      throw tooManyWaiting();
    }
  }
  const [reserved] = await db.select().from(bids).where(eq(bids.id, bidId));
  if (!reserved) throw new Error("the reserved bid vanished");
  return settleHold(deps, reserved, intent);
}

/** Only a hold this bid made (or was given, and so owns by the unique index) is ever let go by it. */
async function failBid(deps: AppDeps, bidId: string, failure: string, paymentIntentId: string | null) {
  await deps.db
    .update(bids)
    .set({ status: "failed", failure, paymentIntentId, updatedAt: new Date() })
    .where(and(eq(bids.id, bidId), eq(bids.status, "holding")));
  await releaseHolds(deps, [{ id: bidId, paymentIntentId }]);
}

/** Where a `holding` bid goes from what its intent says: pending, waiting for the bidder, or failed. */
async function settleHold(
  deps: AppDeps,
  bid: BidRow,
  intent: GatewayIntent,
): Promise<{ bid: Bid } | { action: ActionRequired; bidId: string }> {
  if (intent.status === "requires_action") {
    return { bidId: bid.id, action: actionOf(intent) };
  }
  if (intent.status !== "requires_capture") {
    const failure =
      intent.status !== "requires_payment_method"
        ? "Your card was declined."
        : isPaypalIntent(intent.id)
          ? PAYPAL_CANCELLED
          : AUTHENTICATION_FAILED;
    await failBid(deps, bid.id, failure, intent.id);
    throw new CardError("card_declined", failure);
  }
  return { bid: await placeHeldBid(deps, bid, intent) };
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
  const intent = await confirmApproved(
    deps,
    await deps.gateway.retrievePaymentIntent(bid.paymentIntentId),
    (failure) => failBid(deps, bidId, failure, bid.paymentIntentId),
  );
  return settleHold(deps, bid, intent);
}

/**
 * Step 3 of a bid, once its hold is made: under the building's lock the bid becomes pending and replaces the
 * bidder's earlier one on the building, whose hold is then let go. A bid that can no longer stand lets its own
 * hold go before the error is reported.
 */
export async function placeHeldBid(deps: AppDeps, bid: BidRow, intent: GatewayIntent): Promise<Bid> {
  const { db, gateway } = deps;
  const { id: bidId, bidderId: userId, buildingId, amountCents, totalCents } = bid;
  let replaced: { id: string; paymentIntentId: string | null }[];
  try {
    replaced = await db.transaction(async (tx) => {
      await lockKey(tx, `building:${buildingId}`);
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
      await bidActivity(tx, bidId, "received");
      await outbidActivity(tx, bidId);
      return earlier;
    });
  } catch (error) {
    await failBid(deps, bidId, (error as Error).message, intent.id);
    throw error;
  }
  crashPoint("bid.pending");
  await releaseHolds(deps, replaced);
  return bidById(db, bidId);
}
