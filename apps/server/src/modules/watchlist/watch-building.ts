import { AppError } from "@mx/kit/errors";
import { WATCHLIST_MAX } from "@mx/shared/constants";
import type { WatchedBuilding } from "@mx/shared/schemas/watchlist";
import { count, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/users";
import { watchlist } from "../../db/schema/watchlist";
import { requireBuilding } from "../buildings/require-building";
import { watchedBuilding } from "./list-watchlist";

export const WATCHLIST_FULL = `You watch ${WATCHLIST_MAX} buildings, the most there can be: unwatch one first.`;

/**
 * POST users/watchlist: the player watches a building (404 if it is not catalogued). Watching it again changes
 * nothing. A player watches at most WATCHLIST_MAX buildings (409): the count and the insert happen under a lock on
 * the player's row, so parallel requests cannot pass the cap together.
 */
export async function watchBuilding(db: Db, userId: string, buildingId: string): Promise<WatchedBuilding> {
  await requireBuilding(db, buildingId);
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const existing = await watchedBuilding(tx, userId, buildingId);
    if (existing) return existing;
    const [watched] = await tx.select({ n: count() }).from(watchlist).where(eq(watchlist.userId, userId));
    if ((watched?.n ?? 0) >= WATCHLIST_MAX) throw new AppError("CONFLICT", WATCHLIST_FULL);
    await tx.insert(watchlist).values({ userId, buildingId });
    const entry = await watchedBuilding(tx, userId, buildingId);
    if (!entry) throw new Error(`Watched building ${buildingId} not read back`);
    return entry;
  });
}
