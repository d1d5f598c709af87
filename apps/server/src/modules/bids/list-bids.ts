import type { BidListData, BidStatus } from "@mx/shared/schemas/bids";
import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { bids } from "../../db/schema/bids";
import { presentBid, selectBids } from "./present-bid";

/**
 * GET properties/bids: the bids made to the player as owner, or by the player as bidder, newest first. A bid whose
 * hold is still being made is nobody's business yet; one whose hold failed was never seen by the owner. Either list
 * can be narrowed to one building and to one status (Property Details shows an owner the pending bids on it).
 */
export async function listBids(
  q: Queryable,
  userId: string,
  {
    type,
    limit,
    offset,
    buildingId,
    status,
  }: { type: "owner" | "bidder"; limit: number; offset: number; buildingId?: string; status?: BidStatus },
): Promise<BidListData> {
  const side =
    type === "owner"
      ? and(
          eq(bids.ownerId, userId),
          ne(bids.status, "holding"),
          sql`not (${bids.status} = 'failed' and ${bids.decidedAt} is null)`,
        )
      : and(eq(bids.bidderId, userId), ne(bids.status, "holding"));
  const where = and(
    side,
    buildingId === undefined ? undefined : eq(bids.buildingId, buildingId),
    status === undefined ? undefined : eq(bids.status, status),
  );
  const [rows, [total]] = await Promise.all([
    selectBids(q).where(where).orderBy(desc(bids.createdAt), desc(bids.id)).limit(limit).offset(offset),
    q.select({ n: count() }).from(bids).where(where),
  ]);
  return { totalCount: Number(total?.n ?? 0), bidList: rows.map(presentBid) };
}
