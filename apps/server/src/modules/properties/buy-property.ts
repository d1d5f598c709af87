import { BUY_PROCESSING_FEE_CENTS, CURRENCY, SALES_TAX_CENTS } from "@mx/shared/constants";
import { errors } from "@mx/shared/messages";
import { dollarsToCents, formatCents } from "@mx/shared/money";
import type { Property } from "@mx/shared/schemas/properties";
import { and, eq, isNull, or } from "drizzle-orm";
import { buildings, priceHistory, properties } from "../../db/schema/buildings";
import { paymentCards, paymentIntents } from "../../db/schema/payments";
import { purchases } from "../../db/schema/purchases";
import type { AppDeps } from "../../deps";
import { uniqueViolation } from "../../lib/db-errors";
import { AppError } from "../../lib/errors";
import { lockKey } from "../../lib/locks";
import { newId } from "../../lib/secrets";
import { propertyOfBuilding } from "../buildings/building-property";
import { defaultCard, ensureCustomer } from "../cards/cards";
import { accounts, postJournal } from "../ledger/ledger";
import { CardError } from "../payments/gateway";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type BuyInput = {
  buildingId?: string;
  propertyId?: string;
  paymentMethodId?: string;
  bidAmount: number;
};

/**
 * Buys an unowned building at the offered price (at least its base price), charging price + processing fee +
 * sales tax to one of the buyer's cards. In three steps, so that of two buyers at the same moment exactly one is
 * charged and the other is refused before anything moves:
 *   1. reserve: a pending purchase, unique per building, taken under the building's lock;
 *   2. charge the card, outside any transaction;
 *   3. in one transaction: ownership, price, price history, the ledger journal and the purchase's completion.
 * If step 3 fails after the charge, the charge is refunded before the error is reported.
 */
export async function buyProperty(
  deps: AppDeps,
  userId: string,
  input: BuyInput,
): Promise<{ message: string; property: Property; total: number; paymentIntentId: string }> {
  const { db, gateway } = deps;
  const priceCents = dollarsToCents(input.bidAmount);
  if (priceCents === null) throw new AppError("BAD_REQUEST", "bidAmount: must be a whole number of cents");

  const key = input.buildingId ?? input.propertyId ?? "";
  const [target] = await db
    .select({ buildingId: properties.buildingId, basePriceCents: buildings.basePriceCents })
    .from(properties)
    .innerJoin(buildings, eq(buildings.id, properties.buildingId))
    .where(UUID.test(key) ? or(eq(properties.id, key), eq(buildings.id, key)) : eq(buildings.id, key))
    .limit(1);
  if (!target) throw new AppError("NOT_FOUND", `No building with id ${key}.`);
  if (priceCents < target.basePriceCents) {
    throw new AppError(
      "BAD_REQUEST",
      `bidAmount: must be at least the base price of ${formatCents(target.basePriceCents)}`,
    );
  }

  const card = input.paymentMethodId
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
  const customerId = await ensureCustomer(deps, userId);
  const totalCents = priceCents + BUY_PROCESSING_FEE_CENTS + SALES_TAX_CENTS;
  const buildingId = target.buildingId;

  // 1. Reserve.
  const purchaseId = newId();
  try {
    await db.transaction(async (tx) => {
      await lockKey(tx, `building:${buildingId}`);
      const [now] = await tx
        .select({ ownerId: properties.ownerId, forSale: properties.forSale })
        .from(properties)
        .where(eq(properties.buildingId, buildingId));
      if (now?.ownerId === userId) throw new AppError("CONFLICT", "You already own this building.");
      if (now?.ownerId) throw new AppError("CONFLICT", "This building already has an owner.");
      if (now?.forSale) throw new AppError("CONFLICT", "This building is for sale: place a bid instead.");
      await tx
        .insert(purchases)
        .values({ id: purchaseId, userId, buildingId, priceCents, totalCents, status: "pending" });
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) {
      throw new AppError("CONFLICT", "Someone else is buying this building right now.");
    }
    throw error;
  }

  const settle = (status: "failed" | "refunded", failure: string, paymentIntentId: string | null = null) =>
    db
      .update(purchases)
      .set({ status, failure, paymentIntentId, updatedAt: new Date() })
      .where(eq(purchases.id, purchaseId));

  // 2. Charge.
  let intentId: string;
  try {
    const intent = await gateway.createPaymentIntent({
      amountCents: totalCents,
      currency: CURRENCY,
      customerId,
      paymentMethodId: card.id,
      captureMethod: "automatic",
      metadata: { purpose: "purchase", purchaseId, buildingId, userId },
      idempotencyKey: `purchase:${purchaseId}`,
    });
    if (intent.status !== "succeeded") throw new CardError("card_declined", "Your card was declined.");
    intentId = intent.id;
    // Noted at once, so that if this process stops before step 3, reconcilePurchases finds the charge and refunds it.
    await db.update(purchases).set({ paymentIntentId: intentId }).where(eq(purchases.id, purchaseId));
  } catch (error) {
    await settle("failed", (error as Error).message);
    throw error;
  }

  // 3. Own.
  try {
    await db.transaction(async (tx) => {
      // Under the building's lock, like the reservation: a reservation can never slip in between.
      await lockKey(tx, `building:${buildingId}`);
      await deps.faults?.beforeOwnership?.();
      await tx.insert(paymentIntents).values({
        id: intentId,
        userId,
        provider: gateway.kind,
        purpose: "purchase",
        propertyId: buildingId,
        amountCents: totalCents,
        currency: CURRENCY,
        captureMethod: "automatic",
        status: "succeeded",
        paymentMethodId: card.id,
      });
      const [owned] = await tx
        .update(properties)
        .set({ ownerId: userId, priceCents, forSale: false, sales: 1, updatedAt: new Date() })
        .where(and(eq(properties.buildingId, buildingId), isNull(properties.ownerId)))
        .returning({ id: properties.id });
      if (!owned) throw new AppError("CONFLICT", "This building already has an owner.");
      await tx.insert(priceHistory).values({ buildingId, priceCents });
      await postJournal(tx, {
        kind: "purchase",
        reference: purchaseId,
        memo: `${buildingId} bought for ${formatCents(priceCents)}`,
        entries: [
          { account: accounts.cardFunding, amountCents: -totalCents },
          { account: accounts.platformRevenue, amountCents: priceCents },
          { account: accounts.platformFees, amountCents: BUY_PROCESSING_FEE_CENTS },
          { account: accounts.salesTaxPayable, amountCents: SALES_TAX_CENTS },
        ],
      });
      await tx
        .update(purchases)
        .set({ status: "completed", paymentIntentId: intentId, updatedAt: new Date() })
        .where(eq(purchases.id, purchaseId));
    });
  } catch (error) {
    // Charged but not owned: give the money back before saying anything.
    await gateway.refund({ paymentIntentId: intentId, idempotencyKey: `purchase-refund:${purchaseId}` });
    await settle("refunded", (error as Error).message, intentId);
    throw error instanceof AppError
      ? error
      : new AppError("UNAVAILABLE", "The purchase could not be completed; your card has been refunded.", {
          cause: error,
        });
  }

  const property = await propertyOfBuilding(db, buildingId);
  return {
    message: `You now own ${property.name}.`,
    property,
    total: totalCents / 100,
    paymentIntentId: intentId,
  };
}
