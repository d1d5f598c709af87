import type { BuildingEventType } from "@mx/shared/schemas/live";
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { buildings } from "../../db/schema/buildings";
import { publishPublic } from "../events/publish";
import { displayName, listedPriceCents, selectProperties } from "./present-property";

/** A building's event, with its current name, price, sale flag and owner colour read in the same transaction. */
export async function publishBuilding(
  q: Queryable,
  type: BuildingEventType,
  buildingId: string,
): Promise<void> {
  const [row] = await selectProperties(q).where(eq(buildings.id, buildingId)).limit(1);
  if (!row?.buildingId || row.mapId === null) throw new Error(`No building ${buildingId} to announce`);
  await publishPublic(q, {
    type,
    buildingId: row.buildingId,
    mapId: row.mapId,
    name: displayName(row),
    price: listedPriceCents(row) / 100,
    forSale: row.forSale ?? false,
    ownerId: row.ownerId,
    color: row.ownerId ? (row.ownerColor ?? null) : null,
  });
}
