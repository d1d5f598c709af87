import { queryRows } from "@mx/kit/sql";
import { texts } from "@mx/shared/messages";
import type { Trade } from "@mx/shared/schemas/market";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { requireNeighborhood } from "../buildings/require-neighborhood";
import { tradesSource } from "./trades-source";

type TradeRow = {
  building_id: string;
  price_cents: number;
  at: number;
  kind: Trade["kind"];
  seller: string | null;
  buyer: string | null;
  custom_name: string | null;
  data_name: string | null;
  address: string | null;
  neighborhood: string | null;
};

/** Trades newest first, of one building, of one neighbourhood or of the whole island, with the total. */
export async function listTrades(
  q: Queryable,
  {
    buildingId,
    neighborhood,
    limit,
    offset,
  }: { buildingId?: string; neighborhood?: string; limit: number; offset: number },
): Promise<{ totalCount: number; trades: Trade[] }> {
  if (neighborhood) await requireNeighborhood(q, neighborhood);
  const scope = { buildingId, neighborhood };
  const [rows, counted] = await Promise.all([
    queryRows<TradeRow>(
      q,
      sql`select t.building_id, t.price_cents, extract(epoch from t.at)::float8 as at, t.kind,
                 s.user_name as seller, u.user_name as buyer,
                 p.custom_name, bl.name as data_name, bl.address, t.neighborhood
          from (select * from ${tradesSource(scope)} x order by at desc, id desc
                limit ${limit} offset ${offset}) t
          join buildings bl on bl.id = t.building_id
          left join properties p on p.building_id = t.building_id
          left join users s on s.id = t.seller_id
          left join users u on u.id = t.buyer_id
          order by t.at desc, t.id desc`,
    ),
    queryRows<{ n: number }>(q, sql`select count(*)::int as n from ${tradesSource(scope)} t`),
  ]);
  return { totalCount: counted[0]?.n ?? 0, trades: rows.map(presentTrade) };
}

function presentTrade(r: TradeRow): Trade {
  return {
    buildingId: r.building_id,
    name: r.custom_name ?? r.data_name ?? r.address ?? texts.noName,
    neighborhood: r.neighborhood,
    price: r.price_cents / 100,
    at: Math.floor(Number(r.at)),
    kind: r.kind,
    sellerUserName: r.kind === "first-sale" ? null : (r.seller ?? texts.deletedPlayer),
    buyerUserName: r.buyer ?? texts.deletedPlayer,
  };
}
