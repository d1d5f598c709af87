import type { BuildingSearchResult } from "@mx/shared/schemas/properties";
import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { buildings, properties } from "../../db/schema/buildings";
import { type CatalogueMatch, forgetCatalogue, searchCatalogue } from "./catalogue-index";
import { displayName, round6 } from "./present-property";
import { normaliseQuery } from "./search-text";

export { normaliseQuery };

/** A house number and a street ("1 west 72 street"), folded: what the lot ranges of the catalogue answer. */
const NUMBER_ON_STREET = /^(\d+) (\D.*)$/;

/** Buildings whose lot covers the house number on that street (folded "[west 72 street 1-13]" in their text). */
async function coveringLots(q: Queryable, folded: string): Promise<CatalogueMatch[]> {
  const m = folded.match(NUMBER_ON_STREET);
  if (!m) return [];
  const n = Number(m[1]);
  const street = m[2] as string;
  const token = `[${street} `;
  const matches = await searchCatalogue(q, token, "\u0000");
  return matches.filter((match) => {
    for (let at = match.text.indexOf(token); at >= 0; at = match.text.indexOf(token, at + 1)) {
      const range = match.text.slice(at + token.length).match(/^(\d+)-(\d+)\]/);
      if (!range) continue;
      const from = Number(range[1]);
      const to = Number(range[2]);
      if (n >= from && n <= to && (n - from) % 2 === 0) return true;
    }
    return false;
  });
}

/**
 * The ids of every building whose name, address or neighbourhood (the folded search text) or whose owner's name
 * for it contains the text, or whose lot covers the house number asked for, best first: the exact name, then
 * names starting with the text, then the text as whole words (an address: "1 west 72 street" and not
 * "121 west 72 street"), then the lot whose numbers hold the house number, then the tallest.
 */
async function matchingIds(q: Queryable, text: string, limit: number): Promise<string[]> {
  const needle = text.toLowerCase().trim().replace(/\s+/g, " ");
  const folded = normaliseQuery(text);
  const [matches, covering] = await Promise.all([
    searchCatalogue(q, folded, needle),
    coveringLots(q, folded),
  ]);
  const byLot = new Set(covering.map((m) => m.index));
  const words = new RegExp(`(?:^|[ |])${folded.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=$|[ |])`);
  const rank = (m: CatalogueMatch) =>
    m.name === needle
      ? 4
      : m.name.startsWith(needle)
        ? 3
        : folded && words.test(m.text)
          ? 2
          : byLot.has(m.index)
            ? 1
            : 0;
  const all = new Map([...covering, ...matches].map((m) => [m.index, m]));
  return [...all.values()]
    .map((m) => ({ m, r: rank(m) }))
    .sort(
      (a, b) => b.r - a.r || b.m.heightM - a.m.heightM || (a.m.id < b.m.id ? -1 : a.m.id > b.m.id ? 1 : 0),
    )
    .slice(0, limit)
    .map(({ m }) => m.id);
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
  const ids = await matchingIds(q, text, limit);
  if (cache.size >= CACHE_SIZE) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, { ids, at: Date.now() });
  return ids;
}

/** After a rename or an import, searches are answered afresh. */
export function forgetSearches(q: Queryable, what: "catalogue" | "names" = "names"): void {
  caches.get(q)?.clear();
  forgetCatalogue(q, what);
}

/** The rows of some buildings' results: one statement built once per database, prepared on each connection. */
function resultsOf(q: Queryable) {
  let prepared = preparedResults.get(q);
  if (!prepared) {
    prepared = selectResults(q)
      .where(sql`${buildings.id} = any(${sql.placeholder("ids")}::text[])`)
      .prepare("search_results_of_buildings");
    preparedResults.set(q, prepared);
  }
  return prepared;
}
const selectResults = (q: Queryable) =>
  q
    .select({
      buildingId: buildings.id,
      mapId: buildings.mapId,
      customName: properties.customName,
      dataName: buildings.name,
      address: buildings.address,
      neighborhood: buildings.neighborhood,
      floors: buildings.floors,
      heightM: buildings.heightM,
      lat: buildings.lat,
      lng: buildings.lng,
    })
    .from(buildings)
    .leftJoin(properties, eq(properties.buildingId, buildings.id));
type PreparedResults = ReturnType<ReturnType<ReturnType<typeof selectResults>["where"]>["prepare"]>;
const preparedResults = new WeakMap<Queryable, PreparedResults>();

/** Buildings by name (the owner's or the data's), address or neighbourhood; exact and prefix matches first. */
export async function searchBuildings(
  q: Queryable,
  text: string,
  limit: number,
): Promise<BuildingSearchResult[]> {
  const ids = await matchingIds(q, text, limit);
  if (ids.length === 0) return [];
  const rows = await resultsOf(q).execute({ ids });
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (order.get(a.buildingId) ?? 0) - (order.get(b.buildingId) ?? 0));
  return rows.map((r) => ({
    buildingId: r.buildingId,
    mapId: r.mapId,
    name: displayName(r),
    address: r.address,
    neighborhood: r.neighborhood,
    floors: r.floors,
    heightM: Math.round(r.heightM * 10) / 10,
    lat: round6(r.lat),
    lng: round6(r.lng),
  }));
}
