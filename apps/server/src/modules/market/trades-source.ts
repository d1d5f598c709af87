import { type SQL, sql } from "drizzle-orm";

/**
 * Every trade as one relation, from the `trades` table (kept by triggers beside completed purchases, the first
 * sales, and accepted bids, the resales): `scope` narrows it to a building or a neighbourhood and a time, each
 * read from its index on (building or neighbourhood, time, id).
 */
export function tradesSource(scope: { buildingId?: string; neighborhood?: string; since?: Date }): SQL {
  const parts: SQL[] = [];
  if (scope.buildingId) parts.push(sql`building_id = ${scope.buildingId}`);
  if (scope.neighborhood) parts.push(sql`neighborhood = ${scope.neighborhood}`);
  if (scope.since) parts.push(sql`at >= ${scope.since.toISOString()}::timestamptz`);
  const where = parts.length === 0 ? sql`` : sql` where ${sql.join(parts, sql` and `)}`;
  return sql`(select id, building_id, price_cents, at, kind, seller_id, buyer_id, neighborhood, floor_area_sqft
              from trades${where})`;
}
