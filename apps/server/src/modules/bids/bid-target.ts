import { AppError } from "@mx/kit/errors";
import { disputeTexts, formats } from "@mx/shared/messages";
import { formatCents } from "@mx/shared/money";
import { isUuid } from "@mx/shared/uuid";
import { eq, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { buildings, properties } from "../../db/schema/buildings";

export type BidTarget = {
  propertyId: string;
  buildingId: string;
  ownerId: string | null;
  forSale: boolean;
  /** The owner's ask (null when not for sale): what a bid must exceed. Never the building's value. */
  askCents: number | null;
  /** True while a payment for the building is disputed: it takes no bids. */
  frozen: boolean;
};

/** The property a bid names, by property id or building id. */
export async function findBidTarget(q: Queryable, ref: string): Promise<BidTarget> {
  const [row] = await q
    .select({
      propertyId: properties.id,
      buildingId: properties.buildingId,
      ownerId: properties.ownerId,
      forSale: properties.forSale,
      askCents: properties.askCents,
      frozen: sql<boolean>`${properties.frozenDisputeId} is not null`,
    })
    .from(properties)
    .innerJoin(buildings, eq(buildings.id, properties.buildingId))
    .where(isUuid(ref) ? or(eq(properties.id, ref), eq(buildings.id, ref)) : eq(buildings.id, ref))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", `No property with id ${ref}.`);
  return row;
}

/**
 * The bidding rules: the building is for sale, not one's own, and the bid is strictly above the asking price
 * (docs/decisions/0006-bidding-rules.md).
 */
export function checkBid(target: BidTarget, bidderId: string, amountCents: number): void {
  if (target.ownerId === bidderId) throw new AppError("FORBIDDEN", "You cannot bid on your own building.");
  if (!target.forSale || target.ownerId === null || target.askCents === null) {
    throw new AppError("CONFLICT", "This building is not for sale, so it takes no bids.");
  }
  if (target.frozen) throw new AppError("CONFLICT", disputeTexts.buildingFrozen);
  if (amountCents <= target.askCents) {
    throw new AppError("BAD_REQUEST", `bidAmount: ${formats.bidTooLow(formatCents(target.askCents))}`);
  }
}
