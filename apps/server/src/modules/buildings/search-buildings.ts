import type { BuildingSearchResult } from "@mx/shared/schemas/properties";
import { desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { buildings, properties } from "../../db/schema/buildings";
import { displayName, round6 } from "../properties/present-property";

/** Spellings an address may be typed in, folded to the catalogue's ("5th Ave" → "5th avenue"). */
const abbreviations: [RegExp, string][] = [
  [/\bave?\b\.?/g, "avenue"],
  [/\bst\b\.?/g, "street"],
  [/\bblvd\b\.?/g, "boulevard"],
  [/\bpl\b\.?/g, "place"],
  [/\bw\b\.?/g, "west"],
  [/\be\b\.?/g, "east"],
];

export function normaliseQuery(text: string): string {
  return abbreviations.reduce(
    (s, [re, to]) => s.replace(re, to),
    text.toLowerCase().trim().replace(/\s+/g, " "),
  );
}

/** Buildings whose name (the owner's or the data's) or address contains the text; exact and prefix matches first. */
export async function searchBuildings(
  q: Queryable,
  text: string,
  limit: number,
): Promise<BuildingSearchResult[]> {
  const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
  const needle = text.toLowerCase().trim().replace(/\s+/g, " ");
  const escaped = escapeLike(needle);
  const folded = escapeLike(normaliseQuery(text));
  const label = sql`lower(coalesce(${properties.customName}, '') || ' ' || coalesce(${buildings.name}, '') || ' ' || coalesce(${buildings.address}, ''))`;
  const name = sql`lower(coalesce(${properties.customName}, ${buildings.name}, ${buildings.address}, ''))`;
  const rows = await q
    .select({
      buildingId: buildings.id,
      mapId: buildings.mapId,
      customName: properties.customName,
      dataName: buildings.name,
      address: buildings.address,
      lat: buildings.lat,
      lng: buildings.lng,
    })
    .from(buildings)
    .leftJoin(properties, eq(properties.buildingId, buildings.id))
    .where(sql`${label} like ${`%${escaped}%`} or ${label} like ${`%${folded}%`}`)
    .orderBy(
      desc(sql`${name} = ${needle}`),
      desc(sql`${name} like ${`${escaped}%`}`),
      desc(buildings.heightM),
    )
    .limit(limit);
  return rows.map((r) => ({
    buildingId: r.buildingId,
    mapId: r.mapId,
    name: displayName(r),
    address: r.address,
    lat: round6(r.lat),
    lng: round6(r.lng),
  }));
}
