import { AppError } from "@mx/kit/errors";
import { queryRows } from "@mx/kit/sql";
import { ASK_PROCESSING_FEE_CENTS } from "@mx/shared/constants";
import { disputeTexts } from "@mx/shared/messages";
import { dollarsToCents, formatCents } from "@mx/shared/money";
import type { Property } from "@mx/shared/schemas/properties";
import { isUuid } from "@mx/shared/uuid";
import { and, eq, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { bids } from "../../db/schema/bids";
import { properties } from "../../db/schema/buildings";
import { users } from "../../db/schema/users";
import type { AppDeps } from "../../deps";
import { alertWatchers } from "../alerts/alert-watchers";
import { assertNotFrozen } from "../auth/frozen";
import { bidActivity } from "../bids/bid-activity";
import { releaseHolds } from "../bids/release-holds";
import { propertyOfBuilding } from "../buildings/building-property";
import { lockBuildings } from "../buildings/lock-buildings";
import { publishBuilding } from "../buildings/publish-building";
import { alertOneShort } from "../collections/alert-one-short";
import { FINISH_CONSTRUCTION_FIRST } from "../developments/building-state";
import { settleDueDevelopments } from "../developments/construction";

/** The owner's property, locked for the rest of the transaction. */
async function ownedProperty(tx: Tx, userId: string, propertyId: string) {
  const [found] = await tx
    .select({ buildingId: properties.buildingId })
    .from(properties)
    .where(
      isUuid(propertyId)
        ? or(eq(properties.id, propertyId), eq(properties.buildingId, propertyId))
        : eq(properties.buildingId, propertyId),
    );
  if (!found) throw new AppError("NOT_FOUND", `No property with id ${propertyId}.`);
  await lockBuildings(tx, [found.buildingId]);
  const [row] = await tx.select().from(properties).where(eq(properties.buildingId, found.buildingId));
  if (!row || row.ownerId !== userId)
    throw new AppError("FORBIDDEN", "Only the owner can sell this building.");
  return row;
}

/** Puts the owner's building on the market at the asked price. Needs a connected payout account. */
export async function placeAsk(
  { db, collections }: Pick<AppDeps, "db" | "collections">,
  userId: string,
  { propertyId, bidAmount }: { propertyId: string; bidAmount: number },
): Promise<{ message: string; property: Property }> {
  await assertNotFrozen(db, userId, "trading");
  const askCents = dollarsToCents(bidAmount);
  if (askCents === null) throw new AppError("BAD_REQUEST", "bidAmount: must be a whole number of cents");
  if (askCents <= ASK_PROCESSING_FEE_CENTS) {
    throw new AppError(
      "BAD_REQUEST",
      `bidAmount: must be more than the ${formatCents(ASK_PROCESSING_FEE_CENTS)} processing fee`,
    );
  }
  // A construction that has ended is settled first: its building may then go on the market, at its risen price.
  await settleDueDevelopments(db);
  const buildingId = await db.transaction(async (tx) => {
    const row = await ownedProperty(tx, userId, propertyId);
    // Read under the building's lock, which a dispute's freeze takes too.
    if (row.frozenDisputeId) throw new AppError("CONFLICT", disputeTexts.buildingFrozen);
    // Under the building's lock, as a development takes it: a construction under way (ended or not, unsettled)
    // or a development being paid for keeps the building off the market.
    const [building] = await queryRows<{ busy: boolean }>(
      tx,
      sql`select exists (select 1 from developments d
        where d.building_id = ${row.buildingId} and d.state in ('reserved', 'constructing')) as busy`,
    );
    if (building?.busy) throw new AppError("CONFLICT", FINISH_CONSTRUCTION_FIRST);
    const [owner] = await tx.select({ ok: users.isStripeIntegrated }).from(users).where(eq(users.id, userId));
    if (!owner?.ok) {
      throw new AppError("ONBOARDING_REQUIRED", "Connect a payout account before placing an ask.");
    }
    await tx
      .update(properties)
      .set({
        forSale: true,
        // The ask only: the building's value (price_cents) stays what it is worth.
        askCents,
        // A changed ask keeps the building's place among the newest listings.
        listedAt: row.forSale && row.listedAt ? row.listedAt : new Date(),
        updatedAt: new Date(),
      })
      .where(eq(properties.id, row.id));
    await publishBuilding(tx, "building.listed", row.buildingId);
    // Watchers hear of a new listing, or of a lower ask (a raised one is no news to them); the owner acted.
    const quiet = [userId];
    if (!row.forSale || row.askCents === null) {
      await alertWatchers(tx, "watch.listed", [
        { buildingId: row.buildingId, quiet, payload: { ask: askCents / 100 } },
      ]);
      // Newly on the market: a player one building short of a collection hears its last building is for sale.
      await alertOneShort(tx, collections, { buildingId: row.buildingId, sellerId: userId, askCents });
    } else if (askCents < row.askCents) {
      await alertWatchers(tx, "watch.ask_lowered", [
        {
          buildingId: row.buildingId,
          quiet,
          payload: { oldAsk: row.askCents / 100, newAsk: askCents / 100 },
        },
      ]);
    }
    return row.buildingId;
  });
  const property = await propertyOfBuilding(db, buildingId);
  return { message: `${property.name} is for sale at ${formatCents(askCents)}.`, property };
}

/**
 * Takes the building off the market; its value never moved with the ask, so only the ask goes. Pending bids on it are released
 * (their holds let go), since a building off the market takes no bids.
 */
export async function cancelSale(
  deps: AppDeps,
  userId: string,
  { propertyId }: { propertyId: string },
): Promise<{ message: string; property: Property }> {
  const { db } = deps;
  const { buildingId, released } = await db.transaction(async (tx) => {
    const row = await ownedProperty(tx, userId, propertyId);
    if (!row.forSale) throw new AppError("CONFLICT", "This building is not for sale.");
    const [accepting] = await tx
      .select({ id: bids.id })
      .from(bids)
      .where(and(eq(bids.buildingId, row.buildingId), eq(bids.status, "accepting")));
    if (accepting) throw new AppError("CONFLICT", "A bid on this building is being accepted right now.");
    await tx
      .update(properties)
      .set({ forSale: false, askCents: null, updatedAt: new Date() })
      .where(eq(properties.id, row.id));
    const closed = await tx
      .update(bids)
      .set({ status: "released", decidedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(bids.buildingId, row.buildingId), eq(bids.status, "pending")))
      .returning({ id: bids.id, paymentIntentId: bids.paymentIntentId });
    for (const bid of closed) await bidActivity(tx, bid.id, "released");
    await publishBuilding(tx, "building.unlisted", row.buildingId);
    return { buildingId: row.buildingId, released: closed };
  });
  await releaseHolds(deps, released);
  const property = await propertyOfBuilding(db, buildingId);
  return { message: `${property.name} is no longer for sale.`, property };
}
