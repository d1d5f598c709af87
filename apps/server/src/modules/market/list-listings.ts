import { AppError } from "@mx/kit/errors";
import { queryRows } from "@mx/kit/sql";
import type { MarketListing, MarketListingsQuery, MarketSort } from "@mx/shared/schemas/market";
import { type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { type PropertyRow, presentProperty } from "../buildings/present-property";
import { requireNeighborhood } from "../buildings/require-neighborhood";
import { normaliseQuery } from "../buildings/search-buildings";

type ListingRow = PropertyRow & {
  bestBidCents: number | null;
  bidCount: number;
  lastPriceCents: number | null;
  lastAt: number | null;
  listedAt: number;
  totalCount: number;
};

// Every order ends on the building's id, so pages never overlap or skip a row among equals.
const orderings: Record<MarketSort, string> = {
  price: `p.ask_cents asc, b.id asc`,
  "-price": `p.ask_cents desc, b.id asc`,
  "-listedAt": `coalesce(p.listed_at, p.updated_at) desc, b.id asc`,
  "-bidCount": `coalesce(bk.bid_count, 0) desc, bk.best_bid desc nulls last, b.id asc`,
  // The share of the last sale price the ask is below it: largest first; never sold, last.
  discount: `(ls.price_cents - p.ask_cents)::float8 / nullif(ls.price_cents, 0) desc nulls last, b.id asc`,
};

/** Sorts that need nothing but the property and building to choose a page. */
const PAGE_FIRST: ReadonlySet<MarketSort> = new Set(["price", "-price", "-listedAt"]);

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Checks what the query schema cannot: ranges the right way round. */
function checkRanges(query: MarketListingsQuery) {
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
    throw new AppError("BAD_REQUEST", "minPrice: must not be more than maxPrice");
  }
  if (query.minYear !== undefined && query.maxYear !== undefined && query.minYear > query.maxYear) {
    throw new AppError("BAD_REQUEST", "minYear: must not be after maxYear");
  }
}

/** The conditions a listing must meet: for sale, and every filter the query sets. */
function listingFilters(query: MarketListingsQuery): SQL[] {
  const filters: SQL[] = [sql`p.for_sale`];
  if (query.neighborhood) filters.push(sql`b.neighborhood = ${query.neighborhood}`);
  if (query.minPrice !== undefined) filters.push(sql`p.ask_cents >= ${Math.round(query.minPrice * 100)}`);
  if (query.maxPrice !== undefined) filters.push(sql`p.ask_cents <= ${Math.round(query.maxPrice * 100)}`);
  if (query.minFloors !== undefined) filters.push(sql`b.floors >= ${query.minFloors}`);
  if (query.minYear !== undefined) filters.push(sql`b.year_built >= ${query.minYear}`);
  if (query.maxYear !== undefined) filters.push(sql`b.year_built <= ${query.maxYear}`);
  if (query.text) {
    filters.push(
      sql`(b.search_text like ${like(normaliseQuery(query.text))} or lower(p.custom_name) like ${like(query.text.toLowerCase())})`,
    );
  }
  return filters;
}

/** The joins for a building's pending bids (best and count) and its last sale; `building` is its id's column. */
function marketJoins(building: SQL) {
  return sql`left join lateral (
          select max(amount_cents) as best_bid, count(*) as bid_count
          from bids where building_id = ${building} and status = 'pending'
        ) bk on true
        left join lateral (
          select price_cents, created_at from price_history
          where building_id = ${building} and kind = 'trade' order by created_at desc limit 1
        ) ls on true`;
}

/**
 * Every building for sale that passes the filters, one page in the order asked for, with its best bid, number of
 * pending bids, last sale and when it was listed. Bidders are never named.
 */
export async function listListings(
  q: Queryable,
  query: MarketListingsQuery,
): Promise<{ totalCount: number; listings: MarketListing[] }> {
  checkRanges(query);
  if (query.neighborhood) await requireNeighborhood(q, query.neighborhood);
  const filters = listingFilters(query);
  const where = sql.join(filters, sql` and `);
  const order = sql.raw(orderings[query.sort]);
  // What the page is chosen from: the property and the building's id, so a neighbourhood's candidates come from
  // the (neighborhood, id) index alone, and the wide building rows are read for the page's rows only.
  const candidateColumns = sql`p.id as "id", b.id as "buildingId", p.custom_name as "customName",
               p.price_cents as "priceCents", p.ask_cents as "askCents", p.owner_id as "ownerId", p.for_sale as "forSale", p.sales as "sales",
               p.development_level as "developmentLevel", p.constructing_until as "constructingUntil",
               p.frozen_dispute_id as "frozenDisputeId",
               extract(epoch from coalesce(p.listed_at, p.updated_at))::float8 as "listedAt",
               (count(*) over ())::int as "totalCount", row_number() over (order by ${order}) as "rank"`;
  const pageColumns = sql`page.*, b.map_id as "mapId", b.name as "dataName", b.address as "address",
               b.neighborhood as "neighborhood", b.base_price_cents as "basePriceCents", b.floors as "floors",
               b.floor_area_sqft as "floorAreaSqft", b.height_m as "heightM", b.year_built as "yearBuilt",
               b.lat as "lat", b.lng as "lng", u.user_name as "ownerName", u.building_color as "ownerColor"`;
  const marketColumns = sql`bk.best_bid as "bestBidCents", coalesce(bk.bid_count, 0)::int as "bidCount",
               ls.price_cents as "lastPriceCents", extract(epoch from ls.created_at)::float8 as "lastAt"`;
  // Sorted by the ask or the listing time, the page is chosen first and only its rows look up their bids and last
  // sale; sorted by bids or discount, every candidate needs them before the page can be chosen.
  const pageFirst = PAGE_FIRST.has(query.sort);
  const rows = await queryRows<ListingRow>(
    q,
    sql`with page as (
          select ${candidateColumns}${pageFirst ? sql`` : sql`, ${marketColumns}`}
          from properties p
          join buildings b on b.id = p.building_id
          ${pageFirst ? sql`` : marketJoins(sql`p.building_id`)}
          where ${where}
          order by ${order}
          limit ${query.limit} offset ${query.offset})
        select ${pageColumns}${pageFirst ? sql`, ${marketColumns}` : sql``}
        from page
        join buildings b on b.id = page."buildingId"
        left join users u on u.id = page."ownerId"
        ${pageFirst ? marketJoins(sql`page."buildingId"`) : sql``}
        order by page."rank"`,
  );
  let totalCount = rows[0]?.totalCount ?? 0;
  if (rows.length === 0 && query.offset > 0) {
    // Past the last page: counted on its own, so the client can still page back.
    const [counted] = await queryRows<{ n: number }>(
      q,
      sql`select count(*)::int as n from properties p join buildings b on b.id = p.building_id
          where ${sql.join(filters, sql` and `)}`,
    );
    totalCount = counted?.n ?? 0;
  }
  return { totalCount, listings: rows.map(presentListing) };
}

/** A listing as the market shows it: the property, its best bid, number of bids, last sale and listing time. */
function presentListing(r: ListingRow): MarketListing {
  return {
    ...presentProperty(r),
    bestBid: r.bestBidCents === null ? null : Number(r.bestBidCents) / 100,
    bidCount: Number(r.bidCount),
    lastSale:
      r.lastPriceCents === null || r.lastAt === null
        ? null
        : { price: r.lastPriceCents / 100, at: Math.floor(Number(r.lastAt)) },
    listedAt: Math.floor(Number(r.listedAt)),
  };
}
