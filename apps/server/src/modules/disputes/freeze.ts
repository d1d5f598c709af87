import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { properties } from "../../db/schema/buildings";
import { publishBuilding } from "../buildings/publish-building";
import { announceInvalidation } from "../events/publish";
import type { DisputeRow } from "./dispute-journals";

/**
 * A building bought or developed with a disputed payment is frozen (`properties.frozen_dispute_id`) while its payer
 * owns it and the dispute is open: the guards on listing, accepting a bid, developing and renaming read the column
 * under the building's lock, which the caller holds here. A building frozen already (another disputed payment of
 * the same owner) keeps its first dispute; the next one takes over when that one ends. A building whose sale by bid
 * was under way when the dispute came is not frozen; if that sale falls through, the dispute's next notice freezes
 * it. Returns whether this call froze it.
 */
export async function freezeBuilding(tx: Tx, row: DisputeRow): Promise<boolean> {
  if (!row.buildingId || !row.payerId) return false;
  const frozen = await tx
    .update(properties)
    .set({ frozenDisputeId: row.id, updatedAt: new Date() })
    .where(
      and(
        eq(properties.buildingId, row.buildingId),
        eq(properties.ownerId, row.payerId),
        isNull(properties.frozenDisputeId),
        // A sale by bid already under way goes on (its capture may be made): the later owner keeps it unfrozen.
        sql`not exists (select 1 from bids b where b.building_id = ${properties.buildingId} and b.status = 'accepting')`,
      ),
    )
    .returning({ id: properties.id });
  return frozen.length > 0;
}

/**
 * Lifts this dispute's freeze (where the building is frozen by it): the building stays frozen by another open
 * dispute of its owner's, if any, and is free otherwise. Returns whether the freeze was this dispute's.
 */
export async function unfreezeBuilding(tx: Tx, row: DisputeRow): Promise<boolean> {
  if (!row.buildingId) return false;
  const lifted = await tx
    .update(properties)
    .set({
      frozenDisputeId: sql`(select d.id from disputes d
        where d.building_id = ${properties.buildingId} and d.payer_id = ${properties.ownerId}
          and d.state in ('needs_response', 'under_review') and d.id <> ${row.id}
        order by d.created_at limit 1)`,
      updatedAt: new Date(),
    })
    .where(and(eq(properties.buildingId, row.buildingId), eq(properties.frozenDisputeId, row.id)))
    .returning({ id: properties.id });
  return lifted.length > 0;
}

/**
 * Tells everyone a building's freeze changed: its players' pages and caches read it again, and every open page hears
 * the building's event. A freeze has no event of its own: the map's fields are unchanged, so the building's listing
 * state is told as it stands (listed with its ask, or not listed), which open pages take as a cue to read it again.
 */
export async function announceFreeze(
  tx: Tx,
  buildingId: string,
  players: (string | null | undefined)[],
): Promise<void> {
  const [row] = await tx
    .select({ forSale: properties.forSale })
    .from(properties)
    .where(eq(properties.buildingId, buildingId));
  await publishBuilding(tx, row?.forSale ? "building.listed" : "building.unlisted", buildingId);
  await announceInvalidation(tx, { building: buildingId });
  for (const player of new Set(players)) if (player) await announceInvalidation(tx, { player });
}
