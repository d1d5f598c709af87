import { AppError } from "@mx/kit/errors";
import { queryRows } from "@mx/kit/sql";
import { errors } from "@mx/shared/messages";
import type { Property } from "@mx/shared/schemas/properties";
import { isUuid } from "@mx/shared/uuid";
import { eq, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { buildings, properties } from "../../db/schema/buildings";
import { presentProperty, selectProperties } from "../buildings/present-property";
import { rankedMatches } from "../buildings/search-buildings";

/** What a building id looks like (`way/…`, `relation/…`, `doitt/…`, …): such text is looked up exactly, never fuzzily. */
const BUILDING_ID = /^[a-z]+\/[\w.-]+$/i;
const MAX_MATCHES = 10;

/**
 * The properties of some buildings, as one statement built once per database and prepared on each connection:
 * a search asks for its best matches on every request, and building the query cost more than running it.
 */
function propertiesOf(q: Queryable) {
  let prepared = byIds.get(q);
  if (!prepared) {
    prepared = selectProperties(q)
      .where(sql`${buildings.id} = any(${sql.placeholder("ids")}::text[])`)
      .prepare("properties_of_buildings");
    byIds.set(q, prepared);
  }
  return prepared;
}
type Prepared = ReturnType<ReturnType<ReturnType<typeof selectProperties>["where"]>["prepare"]>;
const byIds = new WeakMap<Queryable, Prepared>();

/** Text that names a building or property by its id (looked up exactly, and cacheable). */
export function isPropertyId(text: string): boolean {
  return isUuid(text) || BUILDING_ID.test(text);
}

/**
 * By building id or property id, exactly (an unknown id finds nothing); any other text by name, address or
 * neighbourhood through the trigram indexes, best matches first.
 */
export async function checkPropertyDetails(q: Queryable, text: string): Promise<Property[]> {
  if (isUuid(text) || BUILDING_ID.test(text)) {
    const exact = await selectProperties(q)
      .where(isUuid(text) ? or(eq(buildings.id, text), eq(properties.id, text)) : eq(buildings.id, text))
      .limit(1);
    if (exact.length === 0) throw new AppError("NOT_FOUND", errors.noPropertyDetails);
    return withHolds(q, exact.map(presentProperty));
  }
  const ids = await rankedMatches(q, text, MAX_MATCHES);
  if (ids.length === 0) throw new AppError("NOT_FOUND", errors.noPropertyDetails);
  const rows = await propertiesOf(q).execute({ ids });
  const order = new Map(ids.map((id, i) => [id, i]));
  return withHolds(
    q,
    rows
      .sort((a, b) => (order.get(a.buildingId ?? "") ?? 0) - (order.get(b.buildingId ?? "") ?? 0))
      .map(presentProperty),
  );
}

/** Marks the unowned buildings a buyer's waiting payment holds (`held`, until when), as every other player sees them. */
async function withHolds(q: Queryable, found: Property[], now = new Date()): Promise<Property[]> {
  const unowned = found.filter((p) => p.ownerId === null).map((p) => p.buildingId);
  if (unowned.length === 0) return found;
  const held = await queryRows<{ building_id: string; until: string }>(
    q,
    sql`select building_id, max(awaiting_until) as until from purchases
        where building_id in (${sql.join(
          unowned.map((id) => sql`${id}`),
          sql`, `,
        )}) and status = 'pending'
          and awaiting_until > ${now.toISOString()}::timestamptz
        group by building_id`,
  );
  const until = new Map(held.map((h) => [h.building_id, Math.ceil(new Date(h.until).getTime() / 1000)]));
  return found.map((p) => {
    const heldUntil = until.get(p.buildingId);
    return heldUntil ? { ...p, status: "held", heldUntil } : p;
  });
}
