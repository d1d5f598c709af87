import type { Bid } from "@mx/shared/schemas/bids";
import { and, eq, inArray, lt, ne } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { bids } from "../../db/schema/bids";
import { recordActivity } from "../events/publish";
import { bidById } from "./present-bid";

const fieldsOf = (bid: Bid) => ({
  bidId: bid.bidId,
  buildingId: bid.propertyDetails.buildingId,
  propertyName: bid.propertyDetails.name,
  bidAmount: bid.bidAmount,
});

/**
 * Tells the players a bid concerns what happened to it, in the transaction that made it happen (the feed entry and
 * the live message exist only if the change commits).
 */
export async function bidActivity(
  q: Queryable,
  bidId: string,
  what: "received" | "accepted" | "declined" | "cancelled" | "released" | "expired",
): Promise<Bid> {
  const bid = await bidById(q, bidId);
  await tell(q, bid, what);
  return bid;
}

async function tell(
  q: Queryable,
  bid: Bid,
  what: "received" | "accepted" | "declined" | "cancelled" | "released" | "expired",
): Promise<void> {
  const fields = fieldsOf(bid);
  const bidderName = bid.bidderDetails.fullName;
  switch (what) {
    case "received":
      if (bid.ownerId) await recordActivity(q, bid.ownerId, "bid.received", { ...fields, bidderName });
      return;
    case "cancelled":
      if (bid.ownerId) await recordActivity(q, bid.ownerId, "bid.cancelled", { ...fields, bidderName });
      return;
    case "accepted":
      await recordActivity(q, bid.bidderId, "bid.accepted", fields);
      return;
    case "declined":
      await recordActivity(q, bid.bidderId, "bid.declined", fields);
      return;
    case "released":
      await recordActivity(q, bid.bidderId, "bid.released", fields);
      return;
    case "expired":
      await recordActivity(q, bid.bidderId, "bid.expired", { ...fields, role: "bidder" });
      if (bid.ownerId) await recordActivity(q, bid.ownerId, "bid.expired", { ...fields, role: "owner" });
      return;
  }
}

/**
 * Every other pending bidder on the building who offered less than the new bid hears they were outbid. Answers
 * those bidders.
 */
export async function outbidActivity(q: Queryable, bid: Bid): Promise<string[]> {
  const lower = await q
    .select({ id: bids.id, bidderId: bids.bidderId, amountCents: bids.amountCents })
    .from(bids)
    .where(
      and(
        eq(bids.buildingId, bid.propertyDetails.buildingId),
        inArray(bids.status, ["pending"]),
        ne(bids.bidderId, bid.bidderId),
        lt(bids.amountCents, Math.round(bid.bidAmount * 100)),
      ),
    );
  for (const other of lower) {
    await recordActivity(q, other.bidderId, "bid.outbid", {
      ...fieldsOf(bid),
      bidId: other.id,
      bidAmount: other.amountCents / 100,
      newBidAmount: bid.bidAmount,
    });
  }
  return lower.map((other) => other.bidderId);
}
