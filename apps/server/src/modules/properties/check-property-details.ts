import { errors } from "@mx/shared/messages";
import type { Property } from "@mx/shared/schemas/properties";
import { desc, eq, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { buildings, properties } from "../../db/schema/buildings";
import { AppError } from "../../lib/errors";
import { presentProperty, selectProperties } from "./present-property";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_MATCHES = 10;

/** By building id or property id first; otherwise by name or address, best matches first. */
export async function checkPropertyDetails(q: Queryable, text: string): Promise<Property[]> {
  const exact = await selectProperties(q)
    .where(UUID.test(text) ? or(eq(buildings.id, text), eq(properties.id, text)) : eq(buildings.id, text))
    .limit(1);
  if (exact.length > 0) return exact.map(presentProperty);

  const needle = text.toLowerCase();
  const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const label = sql`lower(coalesce(${properties.customName}, '') || ' ' || coalesce(${buildings.name}, '') || ' ' || coalesce(${buildings.address}, ''))`;
  const rows = await selectProperties(q)
    .where(sql`${label} like ${pattern}`)
    .orderBy(
      desc(sql`lower(coalesce(${properties.customName}, ${buildings.name}, '')) = ${needle}`),
      desc(buildings.heightM),
    )
    .limit(MAX_MATCHES);
  if (rows.length === 0) throw new AppError("NOT_FOUND", errors.noPropertyDetails);
  return rows.map(presentProperty);
}
