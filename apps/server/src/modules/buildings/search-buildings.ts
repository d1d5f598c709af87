import type { BuildingSearchResult } from "@mx/shared/schemas/properties";
import { desc, eq, type SQL, sql } from "drizzle-orm";
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

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Buildings whose name, address or neighbourhood (the folded `search_text`) or whose owner's name for them
 * contains the text. Both sides are trigram-indexed, so the cost follows the matches, not the catalogue.
 * Ranked: the exact name first, then names starting with the text (then callers' own order).
 */
export function matchingBuildings(text: string): { where: SQL; rank: SQL[] } {
  const needle = text.toLowerCase().trim().replace(/\s+/g, " ");
  const folded = `%${escapeLike(normaliseQuery(text))}%`;
  const raw = `%${escapeLike(needle)}%`;
  const name = sql`lower(coalesce(${properties.customName}, ${buildings.name}, ${buildings.address}, ''))`;
  return {
    where: sql`${buildings.id} in (
      select b.id from buildings b where b.search_text like ${folded}
      union
      select p.building_id from properties p where p.custom_name is not null and lower(p.custom_name) like ${raw})`,
    rank: [desc(sql`${name} = ${needle}`), desc(sql`${name} like ${`${escapeLike(needle)}%`}`)],
  };
}

const CACHE_TTL_MS = 30_000;
const CACHE_SIZE = 5_000;
type Cached = { ids: string[]; at: number };
const caches = new WeakMap<object, Map<string, Cached>>();

/**
 * The ids of the best matches for a text, best first. The answer is kept for 30 s per database (popular searches
 * are asked again and again; ownership is read fresh by the caller), and forgotten at once on a rename here.
 */
export async function rankedMatches(q: Queryable, text: string, limit: number): Promise<string[]> {
  const key = `${limit}:${normaliseQuery(text)}|${text.toLowerCase().trim()}`;
  let cache = caches.get(q);
  if (!cache) {
    cache = new Map();
    caches.set(q, cache);
  }
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.ids;
  const { where, rank } = matchingBuildings(text);
  const rows = await q
    .select({ id: buildings.id })
    .from(buildings)
    .leftJoin(properties, eq(properties.buildingId, buildings.id))
    .where(where)
    .orderBy(...rank, desc(buildings.heightM), buildings.id)
    .limit(limit);
  const ids = rows.map((r) => r.id);
  if (cache.size >= CACHE_SIZE) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, { ids, at: Date.now() });
  return ids;
}

/** After a rename or an import, searches are answered afresh. */
export function forgetSearches(q: Queryable): void {
  caches.get(q)?.clear();
}

/** Buildings by name (the owner's or the data's), address or neighbourhood; exact and prefix matches first. */
export async function searchBuildings(
  q: Queryable,
  text: string,
  limit: number,
): Promise<BuildingSearchResult[]> {
  const { where, rank } = matchingBuildings(text);
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
    .where(where)
    .orderBy(...rank, desc(buildings.heightM), buildings.id)
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
