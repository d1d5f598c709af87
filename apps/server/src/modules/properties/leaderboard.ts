import type { LeaderboardEntry } from "@mx/shared/schemas/properties";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { queryRows } from "../../lib/sql";

export type LeaderboardSort =
  | "-numberOfProperties"
  | "numberOfProperties"
  | "-totalPropertyPrice"
  | "totalPropertyPrice";

const orderings: Record<LeaderboardSort, string> = {
  "-numberOfProperties": "rank asc",
  numberOfProperties: "rank desc",
  "-totalPropertyPrice": "total_cents desc, rank asc",
  totalPropertyPrice: "total_cents asc, rank desc",
};

/**
 * Players who own at least one building. Rank is the place in the overall order (most buildings, then the
 * highest total price, then the earliest account) and stays the same whatever the sort or name filter.
 */
export async function leaderboard(
  q: Queryable,
  { sortBy, name, limit, offset }: { sortBy: LeaderboardSort; name?: string; limit: number; offset: number },
): Promise<{ rankedResponse: LeaderboardEntry[]; totalCount: number }> {
  const pattern = name ? `%${name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const filter = pattern
    ? sql`where lower(u.full_name) like ${pattern} or lower(u.user_name) like ${pattern}`
    : sql``;
  const rows = await queryRows<{
    id: string;
    rank: number;
    full_name: string;
    user_name: string;
    building_color: string;
    total_cents: number;
    properties: number;
    total_count: number;
  }>(
    q,
    sql`
    with holdings as (
      select owner_id, count(*)::int as properties, sum(price_cents)::bigint as total_cents
      from properties where owner_id is not null group by owner_id
    ), ranked as (
      select h.*, (row_number() over (order by h.properties desc, h.total_cents desc, u.created_at, u.id))::int as rank,
             u.id, u.full_name, u.user_name, u.building_color
      from holdings h join users u on u.id = h.owner_id
    )
    select u.id, u.rank, u.full_name, u.user_name, u.building_color, u.total_cents::float8 as total_cents,
           u.properties, (count(*) over ())::int as total_count
    from ranked u ${filter}
    order by ${sql.raw(orderings[sortBy])}
    limit ${limit} offset ${offset}`,
  );
  let totalCount = rows[0]?.total_count ?? 0;
  if (rows.length === 0 && offset > 0) {
    // Past the last page: count separately so the client can still page back.
    const counted = await queryRows<{ n: number }>(
      q,
      sql`
      select count(*)::int as n from (select distinct owner_id from properties where owner_id is not null) h
      join users u on u.id = h.owner_id ${filter}`,
    );
    totalCount = counted[0]?.n ?? 0;
  }
  return {
    totalCount,
    rankedResponse: rows.map((r) => ({
      _id: r.id,
      rank: r.rank,
      fullName: r.full_name,
      userName: r.user_name ?? "",
      totalPropertyPrice: Number(r.total_cents) / 100,
      numberOfProperties: r.properties,
      buildingColor: r.building_color,
    })),
  };
}
