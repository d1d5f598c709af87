import { AppError } from "@mx/kit/errors";
import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { buildings } from "../../db/schema/buildings";
import { watchlist } from "../../db/schema/watchlist";

/**
 * DELETE users/watchlist/:buildingId: the player stops watching a building (404 if it is not catalogued).
 * Unwatching a building that is not watched is not an error: the result, not watching it, is the same.
 */
export async function unwatchBuilding(q: Queryable, userId: string, buildingId: string): Promise<void> {
  const [building] = await q
    .select({ id: buildings.id })
    .from(buildings)
    .where(eq(buildings.id, buildingId))
    .limit(1);
  if (!building) throw new AppError("NOT_FOUND", `No building with id ${buildingId}.`);
  await q.delete(watchlist).where(and(eq(watchlist.userId, userId), eq(watchlist.buildingId, buildingId)));
}
