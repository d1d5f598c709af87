import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { watchlist } from "../../db/schema/watchlist";
import { requireBuilding } from "../buildings/require-building";

/**
 * DELETE users/watchlist/:buildingId: the player stops watching a building (404 if it is not catalogued).
 * Unwatching a building that is not watched is not an error: the result, not watching it, is the same.
 */
export async function unwatchBuilding(q: Queryable, userId: string, buildingId: string): Promise<void> {
  await requireBuilding(q, buildingId);
  await q.delete(watchlist).where(and(eq(watchlist.userId, userId), eq(watchlist.buildingId, buildingId)));
}
