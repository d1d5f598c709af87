import { queryRows } from "@mx/kit/sql";
import { texts } from "@mx/shared/messages";
import type { PlayerTrade } from "@mx/shared/schemas/players";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";

type Row = {
  id: string;
  building_id: string;
  price_cents: number;
  at: number;
  bought: boolean;
  custom_name: string | null;
  data_name: string | null;
  address: string | null;
};

/**
 * The latest trades a player bought or sold in, newest first, from the table the market's ticker reads. Each side
 * is read from its own index (buyer or seller, then time) and only `limit` of each are merged.
 */
export async function listPlayerTrades(
  q: Queryable,
  playerId: string,
  limit: number,
): Promise<PlayerTrade[]> {
  const rows = await queryRows<Row>(
    q,
    sql`select t.id, t.building_id, t.price_cents, extract(epoch from t.at)::float8 as at,
               t.buyer_id is not distinct from ${playerId}::uuid as bought,
               p.custom_name, b.name as data_name, b.address
        from (
          (select id, building_id, price_cents, at, buyer_id from trades where buyer_id = ${playerId}
           order by at desc, id desc limit ${limit})
          union all
          (select id, building_id, price_cents, at, buyer_id from trades where seller_id = ${playerId}
           order by at desc, id desc limit ${limit})
        ) t
        join buildings b on b.id = t.building_id
        left join properties p on p.building_id = t.building_id
        order by t.at desc, t.id desc
        limit ${limit}`,
  );
  return rows.map((r) => ({
    buildingId: r.building_id,
    name: r.custom_name ?? r.data_name ?? r.address ?? texts.noName,
    priceCents: r.price_cents,
    at: Math.floor(Number(r.at)),
    side: r.bought ? "bought" : "sold",
  }));
}
