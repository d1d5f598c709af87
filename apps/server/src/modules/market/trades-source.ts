import { type SQL, sql } from "drizzle-orm";

/**
 * Every trade as one relation: completed purchases (first sales, from the game) and accepted bids (resales, from
 * one player to another). `scope` narrows both sides before they meet, so each uses its partial index
 * (purchases_completed_*, bids_accepted_*); `newest` keeps only each side's newest rows for a page near the top.
 */
export function tradesSource(
  scope: { buildingId?: string; neighborhood?: string; since?: Date },
  newest?: number,
): SQL {
  const where = (column: SQL, at: SQL) => {
    const parts: SQL[] = [];
    if (scope.buildingId) parts.push(sql`${column} = ${scope.buildingId}`);
    if (scope.neighborhood) {
      parts.push(sql`${column} in (select id from buildings where neighborhood = ${scope.neighborhood})`);
    }
    if (scope.since) parts.push(sql`${at} >= ${scope.since.toISOString()}::timestamptz`);
    return parts.length === 0 ? sql`` : sql` and ${sql.join(parts, sql` and `)}`;
  };
  const top = (at: SQL) => (newest === undefined ? sql`` : sql` order by ${at} desc limit ${newest}`);
  return sql`(
    (select p.id, p.building_id, p.price_cents, p.updated_at as at, 'first-sale'::text as kind,
            null::uuid as seller_id, p.user_id as buyer_id
     from purchases p where p.status = 'completed'${where(sql`p.building_id`, sql`p.updated_at`)}${top(sql`p.updated_at`)})
    union all
    (select b.id, b.building_id, b.amount_cents, b.decided_at, 'resale'::text,
            b.owner_id, b.bidder_id
     from bids b where b.status = 'accepted'${where(sql`b.building_id`, sql`b.decided_at`)}${top(sql`b.decided_at`)})
  )`;
}
