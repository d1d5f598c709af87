import { BUY_PROCESSING_FEE_CENTS, CURRENCY, SALES_TAX_CENTS } from "@mx/shared/constants";
import { errors } from "@mx/shared/messages";
import { dollarsToCents, formatCents } from "@mx/shared/money";
import type { Property } from "@mx/shared/schemas/properties";
import { eq, or, sql } from "drizzle-orm";
import { buildings, properties } from "../../db/schema/buildings";
import { paymentCards, paymentCustomers } from "../../db/schema/payments";
import { purchases } from "../../db/schema/purchases";
import type { AppDeps } from "../../deps";
import { uniqueViolation } from "../../lib/db-errors";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/secrets";
import { queryRows } from "../../lib/sql";
import { propertyOfBuilding } from "../buildings/building-property";
import { ensureCustomer } from "../cards/cards";
import { accounts, journalCtes } from "../ledger/ledger";
import { publishPublic } from "../live/publish";
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
 *   1. reserve: a pending purchase, unique per building, taken with the building's row locked;
 *   2. charge the card, outside any transaction;
 *   3. in one statement: ownership, price, price history, the ledger journal and the purchase's completion.
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
  // The building, the card and the processor's customer in one round trip.
  const [target] = await db
    .select({
      buildingId: properties.buildingId,
      basePriceCents: buildings.basePriceCents,
      cardId: sql<string | null>`(select ${paymentCards.id} from ${paymentCards}
        where ${paymentCards.userId} = ${userId}
          and ${input.paymentMethodId ? sql`${paymentCards.id} = ${input.paymentMethodId}` : sql`${paymentCards.isDefault}`}
        limit 1)`,
      customerId: sql<string | null>`(select ${paymentCustomers.customerId} from ${paymentCustomers}
        where ${paymentCustomers.userId} = ${userId} limit 1)`,
    })
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
  const cardId = target.cardId;
  if (!cardId) {
    throw input.paymentMethodId
      ? new AppError("NOT_FOUND", "No such payment method.")
      : new AppError("BAD_REQUEST", errors.addCardFirst);
  }
  const customerId = target.customerId ?? (await ensureCustomer(deps, userId));
  const totalCents = priceCents + BUY_PROCESSING_FEE_CENTS + SALES_TAX_CENTS;
  const buildingId = target.buildingId;

  // 1. Reserve: one statement. The row lock (FOR UPDATE) makes it read the building as it is now, after any
  // purchase that just completed; the partial unique index lets only one purchase of it be pending.
  const purchaseId = newId();
  let reserved: boolean;
  try {
    const result = await queryRows(
      db,
      sql`
      insert into purchases (id, user_id, building_id, price_cents, total_cents, status)
      select ${purchaseId}::uuid, ${userId}::uuid, p.building_id, ${priceCents}::integer, ${totalCents}::integer, 'pending'
      from (select building_id from properties
            where building_id = ${buildingId} and owner_id is null and not for_sale
            for update) p
      returning id`,
    );
    reserved = result.length === 1;
  } catch (error) {
    if (uniqueViolation(error) !== null) {
      throw new AppError("CONFLICT", "Someone else is buying this building right now.");
    }
    throw error;
  }
  if (!reserved) {
    const [now] = await db
      .select({ ownerId: properties.ownerId, forSale: properties.forSale })
      .from(properties)
      .where(eq(properties.buildingId, buildingId));
    if (now?.ownerId === userId) throw new AppError("CONFLICT", "You already own this building.");
    if (now?.forSale) throw new AppError("CONFLICT", "This building is for sale: place a bid instead.");
    throw new AppError("CONFLICT", "This building already has an owner.");
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
      paymentMethodId: cardId,
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

  // 3. Own: ownership, price, price history, the payment, the ledger journal and the purchase's completion, in one
  // statement that writes nothing unless the building is still unowned.
  try {
    await deps.faults?.beforeOwnership?.();
    const journal = journalCtes(
      {
        kind: "purchase",
        reference: purchaseId,
        memo: `${buildingId} bought for ${formatCents(priceCents)}`,
        entries: [
          { account: accounts.cardFunding, amountCents: -totalCents },
          { account: accounts.platformRevenue, amountCents: priceCents },
          { account: accounts.platformFees, amountCents: BUY_PROCESSING_FEE_CENTS },
          { account: accounts.salesTaxPayable, amountCents: SALES_TAX_CENTS },
        ],
      },
      "owned",
    );
    const result = await queryRows(
      db,
      sql`
      with owned as (
        update properties set owner_id = ${userId}::uuid, price_cents = ${priceCents}::integer, for_sale = false,
          sales = 1, updated_at = now()
        where building_id = ${buildingId} and owner_id is null
        returning id),
      payment as (
        insert into payment_intents
          (id, user_id, provider, purpose, property_id, amount_cents, currency, capture_method, status, payment_method_id)
        select ${intentId}, ${userId}::uuid, ${gateway.kind}, 'purchase', ${buildingId}, ${totalCents}::integer,
          ${CURRENCY}, 'automatic', 'succeeded', ${cardId} from owned),
      history as (
        insert into price_history (building_id, price_cents) select ${buildingId}, ${priceCents}::integer from owned),
      ${journal},
      completed as (
        update purchases set status = 'completed', payment_intent_id = ${intentId}, updated_at = now()
        where id = ${purchaseId}::uuid and exists (select 1 from owned))
      select id from owned`,
    );
    if (result.length !== 1) throw new AppError("CONFLICT", "This building already has an owner.");
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
  // The sale is committed: every map recolours it now. A lost announcement must not fail a completed purchase.
  await publishPublic(db, {
    type: "building.sold",
    buildingId,
    mapId: property.mapId,
    name: property.name,
    price: property.price,
    forSale: property.forSale,
    ownerId: property.ownerId,
    color: property.color,
  }).catch((error: unknown) => deps.log?.warn({ err: error, buildingId }, "could not announce a sale"));
  return {
    message: `You now own ${property.name}.`,
    property,
    total: totalCents / 100,
    paymentIntentId: intentId,
  };
}
