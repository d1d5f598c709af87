import type { BidListData } from "@mx/shared/schemas/bids";
import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { bids } from "../../db/schema/bids";
import { presentBid, selectBids } from "./present-bid";

/**
 * GET properties/bids: the bids made to the player as owner, or by the player as bidder, newest first. A bid whose
 * hold is still being made is nobody's business yet; one whose hold failed was never seen by the owner.
 */
export async function listBids(
  q: Queryable,
  userId: string,
  { type, limit, offset }: { type: "owner" | "bidder"; limit: number; offset: number },
): Promise<BidListData> {
  const where =
    type === "owner"
      ? and(
          eq(bids.ownerId, userId),
          ne(bids.status, "holding"),
          sql`not (${bids.status} = 'failed' and ${bids.decidedAt} is null)`,
        )
      : and(eq(bids.bidderId, userId), ne(bids.status, "holding"));
  const [rows, [total]] = await Promise.all([
    selectBids(q).where(where).orderBy(desc(bids.createdAt), desc(bids.id)).limit(limit).offset(offset),
    q.select({ n: count() }).from(bids).where(where),
  ]);
  return { totalCount: Number(total?.n ?? 0), bidList: rows.map(presentBid) };
}
