import { queryRows } from "@mx/kit/sql";
import type { LeaderboardEntry } from "@mx/shared/schemas/properties";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { requireNeighborhood } from "../buildings/require-neighborhood";

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

type Row = {
  id: string;
  rank: number;
  full_name: string;
  user_name: string | null;
  building_color: string;
  total_cents: number;
  properties: number;
  total_count: number;
};

/**
 * Players who own at least one building. Rank is the place in the overall order (most buildings, then the
 * highest total price) and stays the same whatever the sort or name filter. Only the page asked for is joined
 * with the players' table, so the cost follows the number of owners, not the number of accounts.
 */
export async function leaderboard(
  q: Queryable,
  {
    sortBy,
    name,
    neighborhood,
    limit,
    offset,
  }: { sortBy: LeaderboardSort; name?: string; neighborhood?: string; limit: number; offset: number },
): Promise<{ rankedResponse: LeaderboardEntry[]; totalCount: number }> {
  // Bad input, as the market answers it: 400 naming the parameter.
  if (neighborhood) await requireNeighborhood(q, neighborhood);
  const order = sql.raw(orderings[sortBy]);
  // In a neighbourhood only its buildings count, and ranks are places among its owners.
  const holdings = neighborhood
    ? sql`select p.owner_id, count(*)::int as properties, sum(p.price_cents)::float8 as total_cents
          from properties p join buildings b on b.id = p.building_id
          where p.owner_id is not null and b.neighborhood = ${neighborhood} group by p.owner_id`
    : sql`select owner_id, count(*)::int as properties, sum(price_cents)::float8 as total_cents
          from properties where owner_id is not null group by owner_id`;
  const ranked = sql`
    with holdings as (${holdings}), ranked as (
      select owner_id, properties, total_cents,
             (row_number() over (order by properties desc, total_cents desc, owner_id))::int as rank
      from holdings
    )`;
  const pattern = name ? `%${name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = pattern
    ? await queryRows<Row>(
        q,
        sql`${ranked}
        select u.id, r.rank, u.full_name, u.user_name, u.building_color, r.total_cents, r.properties,
               (count(*) over ())::int as total_count
        from ranked r join users u on u.id = r.owner_id
        where lower(u.full_name) like ${pattern} or lower(u.user_name) like ${pattern}
        order by ${order} limit ${limit} offset ${offset}`,
      )
    : await queryRows<Row>(
        q,
        sql`${ranked}
        select u.id, r.rank, u.full_name, u.user_name, u.building_color, r.total_cents, r.properties, r.total_count
        from (select *, (count(*) over ())::int as total_count from ranked order by ${order} limit ${limit} offset ${offset}) r
        join users u on u.id = r.owner_id
        order by ${order}`,
      );
  let totalCount = rows[0]?.total_count ?? 0;
  if (rows.length === 0 && offset > 0) {
    // Past the last page: count on its own so the client can still page back.
    const [counted] = await queryRows<{ n: number }>(
      q,
      pattern
        ? sql`${ranked} select count(*)::int as n from ranked r join users u on u.id = r.owner_id
              where lower(u.full_name) like ${pattern} or lower(u.user_name) like ${pattern}`
        : sql`${ranked} select count(*)::int as n from ranked`,
    );
    totalCount = counted?.n ?? 0;
  }
  return {
    totalCount,
    rankedResponse: rows.map((r) => ({
      _id: r.id,
      rank: r.rank,
      fullName: r.full_name,
      userName: r.user_name ?? "",
      totalPropertyPrice: r.total_cents / 100,
      numberOfProperties: r.properties,
      buildingColor: r.building_color,
    })),
  };
}
