import type { PropertyListData } from "@mx/shared/schemas/properties";
import { count, desc, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { properties } from "../../db/schema/buildings";
import { presentProperty, selectProperties } from "../buildings/present-property";

/** One player's buildings, most recently changed first. */
export async function listProperties(
  q: Queryable,
  { ownerId, limit, offset }: { ownerId: string; limit: number; offset: number },
): Promise<PropertyListData> {
  const [total] = await q.select({ n: count() }).from(properties).where(eq(properties.ownerId, ownerId));
  const rows = await selectProperties(q)
    .where(eq(properties.ownerId, ownerId))
    .orderBy(desc(properties.updatedAt), properties.id)
    .limit(limit)
    .offset(offset);
  return { totalCount: total?.n ?? 0, properties: rows.map(presentProperty) };
}
