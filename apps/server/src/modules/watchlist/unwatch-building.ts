import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { watchlist } from "../../db/schema/watchlist";

/**
 * DELETE users/watchlist/:buildingId: the player stops watching a building. Unwatching a building that is not
 * watched (or not catalogued) is not an error: the result, not watching it, is the same.
 */
export async function unwatchBuilding(q: Queryable, userId: string, buildingId: string): Promise<void> {
  await q.delete(watchlist).where(and(eq(watchlist.userId, userId), eq(watchlist.buildingId, buildingId)));
}
