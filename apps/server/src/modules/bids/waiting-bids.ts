import { AppError } from "@mx/kit/errors";
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { bids } from "../../db/schema/bids";

/** The statuses of a bid still waiting on its building: its hold being made, held, or being accepted. */
const OPEN_BID_STATUSES = ["holding", "pending", "accepting"] as const;

/** A refund that changes a building is refused while bids wait on it (their bidders bid on what it was). */
export async function refuseWhileBidsWait(tx: Tx, buildingId: string): Promise<void> {
  const [waiting] = await tx
    .select({ id: bids.id })
    .from(bids)
    .where(and(eq(bids.buildingId, buildingId), inArray(bids.status, [...OPEN_BID_STATUSES])))
    .limit(1);
  if (waiting) throw new AppError("CONFLICT", "Bids wait on this building; decide or release them first.");
}
