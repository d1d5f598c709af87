import { queryRows } from "@mx/kit/sql";
import type { IndexDay } from "@mx/shared/schemas/market";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { requireNeighborhood } from "../buildings/require-neighborhood";
import { tradesSource } from "./trades-source";

const DAY_MS = 86_400_000;

/** Dollars per square foot are small here (a tower sells for a few thousand dollars): kept to six decimals. */
/** Dollars per square foot as dollars per 1,000 square feet, to the cent: a figure a player can read. */
export const per1000Sqft = (dollarsPerSqft: number) => Math.round(dollarsPerSqft * 1000 * 100) / 100;

/** The first UTC midnight of a window of `days` days ending today. */
export function windowStart(days: number, now = new Date()): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (days - 1) * DAY_MS);
}

/**
 * A neighbourhood's trades day by day (UTC), oldest first: every day of the window is present, a day without
 * trades with 0 and a null median, never filled in from its neighbours.
 */
export async function marketIndex(
  q: Queryable,
  { neighborhood, days }: { neighborhood: string; days: number },
): Promise<{ neighborhood: string; days: IndexDay[] }> {
  await requireNeighborhood(q, neighborhood);
  const since = windowStart(days);
  const rows = await queryRows<{ date: string; trades: number; volume: number; median: number | null }>(
    q,
    sql`with d as (
          select (${since.toISOString()}::timestamptz at time zone 'UTC')::date + i as day
          from generate_series(0, ${days - 1}) as i
        ), t as (
          select (t.at at time zone 'UTC')::date as day, t.price_cents, t.floor_area_sqft
          from ${tradesSource({ neighborhood, since })} t
        )
        select to_char(d.day, 'YYYY-MM-DD') as date, count(t.day)::int as trades,
               coalesce(sum(t.price_cents), 0)::float8 as volume,
               (percentile_cont(0.5) within group (
                 order by t.price_cents::float8 / 100 / nullif(t.floor_area_sqft, 0)))::float8 as median
        from d left join t on t.day = d.day
        group by d.day order by d.day`,
  );
  return {
    neighborhood,
    days: rows.map((r) => ({
      date: r.date,
      trades: r.trades,
      volume: Number(r.volume) / 100,
      medianPricePer1000Sqft: r.median === null ? null : per1000Sqft(Number(r.median)),
    })),
  };
}

/** The median price per square foot of a neighbourhood's trades since `since`, and how many there were. */
export async function neighborhoodMedian(
  q: Queryable,
  neighborhood: string,
  since: Date,
): Promise<{ median: number | null; trades: number }> {
  const [row] = await queryRows<{ median: number | null; trades: number }>(
    q,
    sql`select (percentile_cont(0.5) within group (
              order by t.price_cents::float8 / 100 / nullif(t.floor_area_sqft, 0)))::float8 as median,
            count(*)::int as trades
        from ${tradesSource({ neighborhood, since })} t`,
  );
  return {
    median: row?.median === null || row?.median === undefined ? null : Number(row.median),
    trades: row?.trades ?? 0,
  };
}
