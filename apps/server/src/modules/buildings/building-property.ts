import { AppError } from "@mx/kit/errors";
import { disputeTexts } from "@mx/shared/messages";
import type { Property } from "@mx/shared/schemas/properties";
import { eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { buildings, properties } from "../../db/schema/buildings";
import { lockBuildings } from "./lock-buildings";
import { presentProperty, selectProperties } from "./present-property";
import { publishBuilding } from "./publish-building";
import { forgetSearches } from "./search-buildings";

/** The property of a building: every catalogued building has one, made at import. */
export async function propertyOfBuilding(q: Queryable, buildingId: string): Promise<Property> {
  const [row] = await selectProperties(q).where(eq(buildings.id, buildingId)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", `No building with id ${buildingId}.`);
  return presentProperty(row);
}

/** POST buildings: makes sure the building has its property (at its base price) and returns it. */
export async function createBuildingProperty(db: Db, buildingId: string): Promise<Property> {
  await db.execute(sql`
    insert into properties (building_id, price_cents)
    select id, base_price_cents from buildings where id = ${buildingId}
    on conflict (building_id) do nothing`);
  return propertyOfBuilding(db, buildingId);
}

/** Only the owner may name a building; the name arrives trimmed, 1–60 characters. */
export async function renameBuilding(
  db: Db,
  userId: string,
  { buildingId, name }: { buildingId: string; name: string },
): Promise<Property> {
  return db
    .transaction(async (tx) => {
      await lockBuildings(tx, [buildingId]);
      const current = await propertyOfBuilding(tx, buildingId);
      if (current.ownerId !== userId)
        throw new AppError("FORBIDDEN", "Only the owner can rename this building.");
      // Read under the lock a dispute's freeze takes too.
      if (current.frozen) throw new AppError("CONFLICT", disputeTexts.buildingFrozen);
      await tx
        .update(properties)
        .set({ customName: name, updatedAt: new Date() })
        .where(eq(properties.buildingId, buildingId));
      await publishBuilding(tx, "building.renamed", buildingId);
      return propertyOfBuilding(tx, buildingId);
    })
    .finally(() => forgetSearches(db));
}
