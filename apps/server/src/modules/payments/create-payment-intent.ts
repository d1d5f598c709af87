import { AppError } from "@mx/kit/errors";
import { FEE_AND_TAX_CENTS } from "@mx/shared/constants";
import { errors } from "@mx/shared/messages";
import { isUuid } from "@mx/shared/uuid";
import { eq, or } from "drizzle-orm";
import { buildings, properties } from "../../db/schema/buildings";
import { paymentIntents } from "../../db/schema/payments";
import type { AppDeps } from "../../deps";
import { defaultCard, ensureCustomer } from "../cards/cards";

/**
 * A payment intent for a building, on the player's default card, not yet confirmed. A building for sale is bid on:
 * the intent is a hold (manual capture) for more than its price plus fees. An unowned building is bought: the intent
 * is charged when confirmed (automatic capture), for at least its base price plus fees.
 */
export async function createPaymentIntent(
  deps: AppDeps,
  userId: string,
  { amount, currency, propertyId }: { amount: number; currency: string; propertyId: string },
  idempotencyKey?: string,
): Promise<{ clientSecret: string; paymentIntentId: string; currency: string }> {
  const [property] = await deps.db
    .select({
      id: properties.id,
      buildingId: properties.buildingId,
      ownerId: properties.ownerId,
      forSale: properties.forSale,
      askCents: properties.askCents,
      basePriceCents: buildings.basePriceCents,
    })
    .from(properties)
    .innerJoin(buildings, eq(buildings.id, properties.buildingId))
    .where(
      isUuid(propertyId)
        ? or(eq(properties.id, propertyId), eq(buildings.id, propertyId))
        : eq(buildings.id, propertyId),
    )
    .limit(1);
  if (!property) throw new AppError("NOT_FOUND", `No property with id ${propertyId}.`);
  if (property.ownerId === userId) throw new AppError("CONFLICT", "You already own this building.");

  let purpose: "bid" | "purchase";
  if (property.forSale) {
    purpose = "bid";
    // A bid is above the owner's ask (never the building's value).
    if (amount <= (property.askCents ?? 0) + FEE_AND_TAX_CENTS) {
      throw new AppError(
        "BAD_REQUEST",
        "amount: a bid must be more than the price plus the processing fee and sales tax",
      );
    }
  } else if (property.ownerId === null) {
    purpose = "purchase";
    if (amount < property.basePriceCents + FEE_AND_TAX_CENTS) {
      throw new AppError(
        "BAD_REQUEST",
        "amount: must be at least the base price plus the processing fee and sales tax",
      );
    }
  } else {
    throw new AppError("CONFLICT", "This building is not for sale.");
  }

  const card = await defaultCard(deps.db, userId);
  if (!card) throw new AppError("BAD_REQUEST", errors.addCardFirst);
  const customerId = await ensureCustomer(deps, userId);
  const intent = await deps.gateway.createPaymentIntent({
    amountCents: amount,
    currency,
    customerId,
    captureMethod: purpose === "bid" ? "manual" : "automatic",
    metadata: { userId, propertyId: property.id, buildingId: property.buildingId, purpose },
    idempotencyKey: idempotencyKey ? `intent:${userId}:${idempotencyKey}` : undefined,
  });
  await deps.db
    .insert(paymentIntents)
    .values({
      id: intent.id,
      userId,
      provider: deps.gateway.kind,
      purpose,
      propertyId: property.id,
      amountCents: amount,
      currency,
      captureMethod: intent.captureMethod,
      status: intent.status,
      paymentMethodId: card.id,
    })
    .onConflictDoNothing();
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, currency: intent.currency };
}
