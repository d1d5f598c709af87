import { PAYPAL_METHOD_ID } from "@mx/shared/constants";
import type { Bid, BidStatus } from "@mx/shared/schemas/bids";
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/client";
import { bids } from "../../db/schema/bids";
import { buildings, properties } from "../../db/schema/buildings";
import { users } from "../../db/schema/users";
import { displayName, listedPriceCents, round6 } from "../buildings/present-property";

const bidder = alias(users, "bidder");

const bidColumns = {
  id: bids.id,
  status: bids.status,
  amountCents: bids.amountCents,
  totalCents: bids.totalCents,
  bidderId: bids.bidderId,
  ownerId: bids.ownerId,
  failure: bids.failure,
  createdAt: bids.createdAt,
  expiresAt: bids.expiresAt,
  paymentMethodId: bids.paymentMethodId,
  decidedAt: bids.decidedAt,
  bidderFullName: bidder.fullName,
  bidderUserName: bidder.userName,
  propertyId: properties.id,
  buildingId: buildings.id,
  customName: properties.customName,
  bidBuildingName: bids.buildingName,
  dataName: buildings.name,
  address: buildings.address,
  priceCents: properties.priceCents,
  askCents: properties.askCents,
  forSale: properties.forSale,
  lat: buildings.lat,
  lng: buildings.lng,
};

/** bids ⋈ bidder ⋈ property ⋈ building, ready for a where clause. */
export function selectBids(q: Queryable) {
  return q
    .select(bidColumns)
    .from(bids)
    .innerJoin(bidder, eq(bidder.id, bids.bidderId))
    .innerJoin(buildings, eq(buildings.id, bids.buildingId))
    .innerJoin(properties, eq(properties.buildingId, bids.buildingId));
}

type BidRow = Awaited<ReturnType<ReturnType<typeof selectBids>["execute"]>>[number];

/**
 * Steps in flight show as pending: the hold is being made, or the capture is running. A sale that failed after the
 * capture shows as failed while its refund is on the way.
 */
const publicStatus = (status: string): BidStatus =>
  status === "holding" || status === "accepting"
    ? "pending"
    : status === "refunding"
      ? "failed"
      : (status as BidStatus);

export function presentBid(row: BidRow): Bid {
  return {
    bidId: row.id,
    status: publicStatus(row.status),
    bidAmount: row.amountCents / 100,
    total: row.totalCents / 100,
    bidderId: row.bidderId,
    ownerId: row.ownerId,
    bidderDetails: { fullName: row.bidderFullName, userName: row.bidderUserName },
    propertyDetails: {
      _id: row.propertyId,
      buildingId: row.buildingId,
      name: row.bidBuildingName ?? displayName(row),
      price: listedPriceCents(row) / 100,
      location: { lat: round6(row.lat), lng: round6(row.lng) },
    },
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    paidWith: row.paymentMethodId === PAYPAL_METHOD_ID ? "paypal" : "card",
    decidedAt: row.decidedAt?.toISOString() ?? null,
    failure: row.failure,
  };
}

export async function bidById(q: Queryable, bidId: string): Promise<Bid> {
  const [row] = await selectBids(q).where(eq(bids.id, bidId)).limit(1);
  if (!row) throw new Error(`bid ${bidId} vanished`);
  return presentBid(row);
}
