import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { bids } from "../../db/schema/bids";
import { buildings, properties } from "../../db/schema/buildings";
import type { AppDeps } from "../../deps";
import { bidActivity } from "../bids/bid-activity";
import type { HeldBid } from "../bids/bid-rows";
import { releaseHolds } from "../bids/release-holds";
import { lockBuildings } from "../buildings/lock-buildings";
import { displayName } from "../buildings/present-property";
import { publishBuilding } from "../buildings/publish-building";
import { trackHoldings } from "../collections/track-holdings";
import { announceInvalidation } from "../events/publish";

/** What taking a building back did: whether it went back to the game, and the bids it released. */
export type GameReturn = {
  /** False when the payer no longer owned it (it was resold, or returned already): nothing changed. */
  returned: boolean;
  /** The pending bids on it, released; their holds are let go after the commit (`releaseReturnedHolds`). */
  released: HeldBid[];
};

/**
 * Takes a building back from a payer whose payment for it came back (a lost dispute, a refund after an early fraud
 * warning), in the caller's transaction, under the building's lock: only while the payer still owns it. It goes back
 * to the game with no owner, no name of the owner's, no ask and no freeze; its price and its developments (finished or
 * under construction) stay with it. Its pending bids are released as a sale releases them (their bidders bid on an
 * owner who no longer has it), and its collections, every map and the payer's pages hear of it.
 *
 * The caller lets the released bids' holds go once the transaction has committed (`releaseReturnedHolds`); a hold
 * not let go then is owed, and the release-bid-holds job lets it go.
 */
export async function returnToGame(
  tx: Tx,
  deps: Pick<AppDeps, "collections">,
  input: { buildingId: string; payerId: string },
): Promise<GameReturn> {
  const { buildingId, payerId } = input;
  await lockBuildings(tx, [buildingId]);
  const [property] = await tx
    .select({
      ownerId: properties.ownerId,
      customName: properties.customName,
      dataName: buildings.name,
      address: buildings.address,
    })
    .from(properties)
    .innerJoin(buildings, eq(buildings.id, properties.buildingId))
    .where(eq(properties.buildingId, buildingId));
  if (!property || property.ownerId !== payerId) return { returned: false, released: [] };
  // The bids keep the name the building had when they were made and released, as a sale's do.
  const buildingName = displayName(property);
  await tx
    .update(properties)
    .set({
      ownerId: null,
      customName: null,
      forSale: false,
      askCents: null,
      listedAt: null,
      frozenDisputeId: null,
      updatedAt: new Date(),
    })
    .where(and(eq(properties.buildingId, buildingId), eq(properties.ownerId, payerId)));
  const now = new Date();
  const released = await tx
    .update(bids)
    .set({ status: "released", buildingName, decidedAt: now, updatedAt: now })
    .where(and(eq(bids.buildingId, buildingId), eq(bids.status, "pending")))
    .returning({ id: bids.id, paymentIntentId: bids.paymentIntentId });
  for (const bid of released) await bidActivity(tx, bid.id, "released");
  await trackHoldings(tx, deps.collections, [buildingId]);
  await publishBuilding(tx, "building.sold", buildingId);
  await announceInvalidation(tx, { player: payerId, building: buildingId });
  return { returned: true, released };
}

/** After the commit: lets the released bids' holds go (one that fails is logged and left for the job). */
export async function releaseReturnedHolds(deps: AppDeps, back: GameReturn): Promise<void> {
  if (back.released.length > 0) await releaseHolds(deps, back.released);
}
