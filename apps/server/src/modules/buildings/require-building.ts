import { AppError } from "@mx/kit/errors";
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { buildings } from "../../db/schema/buildings";

/** Refuses a building id the catalogue does not have (404). */
export async function requireBuilding(q: Queryable, buildingId: string): Promise<void> {
  const [building] = await q
    .select({ id: buildings.id })
    .from(buildings)
    .where(eq(buildings.id, buildingId))
    .limit(1);
  if (!building) throw new AppError("NOT_FOUND", `No building with id ${buildingId}.`);
}
