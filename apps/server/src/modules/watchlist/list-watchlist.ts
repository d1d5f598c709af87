import { queryRows } from "@mx/kit/sql";
import type { WatchedBuilding } from "@mx/shared/schemas/watchlist";
import { type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { type PropertyRow, presentProperty } from "../buildings/present-property";

type WatchedRow = PropertyRow & {
  bestBidCents: number | null;
  lastPriceCents: number | null;
  lastAt: number | null;
  watchedAt: number;
};

/** The watched rows of one player, newest first, each with its property, best pending bid and last trade. */
function selectWatched(userId: string, only: SQL = sql`true`): SQL {
  return sql`select p.id as "id", b.id as "buildingId", b.map_id as "mapId", p.custom_name as "customName",
      b.name as "dataName", b.address as "address", b.neighborhood as "neighborhood",
      p.price_cents as "priceCents", p.ask_cents as "askCents", b.base_price_cents as "basePriceCents",
      b.floors as "floors", b.floor_area_sqft as "floorAreaSqft", b.height_m as "heightM",
      b.year_built as "yearBuilt", p.owner_id as "ownerId", u.user_name as "ownerName",
      u.building_color as "ownerColor", p.for_sale as "forSale", p.sales as "sales",
      p.development_level as "developmentLevel", p.constructing_until as "constructingUntil",
      p.frozen_dispute_id as "frozenDisputeId",
      b.lat as "lat", b.lng as "lng",
      bk.best_bid as "bestBidCents", ls.price_cents as "lastPriceCents",
      extract(epoch from ls.at)::float8 as "lastAt", extract(epoch from w.created_at)::float8 as "watchedAt"
    from watchlist w
    join buildings b on b.id = w.building_id
    left join properties p on p.building_id = b.id
    left join users u on u.id = p.owner_id
    left join lateral (
      select max(amount_cents) as best_bid from bids where building_id = b.id and status = 'pending'
    ) bk on true
    left join lateral (
      select price_cents, at from trades where building_id = b.id order by at desc, id desc limit 1
    ) ls on true
    where w.user_id = ${userId} and ${only}
    order by w.created_at desc, w.building_id asc`;
}

function presentWatched(row: WatchedRow): WatchedBuilding {
  const property = presentProperty(row);
  return {
    buildingId: property.buildingId,
    name: property.name,
    address: property.address,
    neighborhood: property.neighborhood,
    price: property.price,
    value: property.value,
    ask: property.ask,
    forSale: property.forSale,
    frozen: property.frozen ?? false,
    bestBid: row.bestBidCents === null ? null : row.bestBidCents / 100,
    lastTrade:
      row.lastPriceCents === null || row.lastAt === null
        ? null
        : { price: row.lastPriceCents / 100, at: Math.floor(row.lastAt) },
    ownerName: property.ownerName,
    location: property.location,
    watchedAt: Math.floor(row.watchedAt),
  };
}

/** GET users/watchlist: the buildings the player watches, newest watched first. */
export async function listWatchlist(q: Queryable, userId: string): Promise<WatchedBuilding[]> {
  const rows = await queryRows<WatchedRow>(q, selectWatched(userId));
  return rows.map(presentWatched);
}

/** One watched building of the player, as the list shows it; undefined if not watched. */
export async function watchedBuilding(
  q: Queryable,
  userId: string,
  buildingId: string,
): Promise<WatchedBuilding | undefined> {
  const rows = await queryRows<WatchedRow>(q, selectWatched(userId, sql`w.building_id = ${buildingId}`));
  return rows.map(presentWatched)[0];
}
