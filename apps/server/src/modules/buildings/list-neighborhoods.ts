import { AppError } from "@mx/kit/errors";
import { queryRows } from "@mx/kit/sql";
import type { Neighborhood, NeighborhoodDetailData } from "@mx/shared/schemas/properties";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { displayName, round6 } from "./present-property";

type Row = {
  code: string;
  name: string;
  kind: number;
  lat: number;
  lng: number;
  buildings: number;
  owned: number;
  total_cents: number;
  top_owner_id: string | null;
  top_owner_name: string | null;
  top_owner_color: string | null;
  top_owner_properties: number | null;
};

/**
 * One neighbourhood's panel: its figures, its five biggest owners and its ten latest sales (changes of owner only,
 * from the trades table: a development's rise in value is no sale).
 */
export async function neighborhoodDetail(q: Queryable, name: string): Promise<NeighborhoodDetailData> {
  const neighborhood = (await listNeighborhoods(q)).find((n) => n.name === name);
  if (!neighborhood) throw new AppError("NOT_FOUND", `No neighbourhood called ${name}.`);
  const owners = await queryRows<{ id: string; user_name: string; color: string; properties: number }>(
    q,
    sql`select u.id, coalesce(u.user_name, u.full_name) as user_name, u.building_color as color, h.properties
        from (select p.owner_id, count(*)::int as properties, sum(p.price_cents) as cents
              from properties p join buildings b on b.id = p.building_id
              where p.owner_id is not null and b.neighborhood = ${name}
              group by p.owner_id order by count(*) desc, sum(p.price_cents) desc, p.owner_id limit 5) h
        join users u on u.id = h.owner_id
        order by h.properties desc, h.cents desc, u.id`,
  );
  const sales = await queryRows<{
    building_id: string;
    custom_name: string | null;
    name: string | null;
    address: string | null;
    price_cents: number;
    created_at: string;
  }>(
    q,
    sql`select t.building_id, p.custom_name, b.name, b.address, t.price_cents, t.at::text as created_at
        from (select id, building_id, price_cents, at from trades where neighborhood = ${name}
              order by at desc, id desc limit 10) t
        join buildings b on b.id = t.building_id
        left join properties p on p.building_id = t.building_id
        order by t.at desc, t.id desc`,
  );
  return {
    neighborhood,
    topOwners: owners.map((o) => ({
      userId: o.id,
      userName: o.user_name,
      color: o.color,
      properties: o.properties,
    })),
    lastSales: sales.map((s) => ({
      buildingId: s.building_id,
      name: displayName({ customName: s.custom_name, dataName: s.name, address: s.address }),
      price: s.price_cents / 100,
      soldAt: new Date(s.created_at).toISOString(),
    })),
  };
}

/** Every neighbourhood with its buildings, how many are owned, their value and the player owning most of them. */
export async function listNeighborhoods(q: Queryable): Promise<Neighborhood[]> {
  const rows = await queryRows<Row>(
    q,
    sql`
      with stock as (
        select b.neighborhood, count(*)::int as buildings, count(p.owner_id)::int as owned,
               coalesce(sum(p.price_cents), 0)::float8 as total_cents
        from buildings b join properties p on p.building_id = b.id
        where b.neighborhood is not null group by b.neighborhood
      ), holdings as (
        select b.neighborhood, p.owner_id, count(*)::int as properties, sum(p.price_cents) as cents,
               row_number() over (partition by b.neighborhood order by count(*) desc, sum(p.price_cents) desc, p.owner_id) as place
        from properties p join buildings b on b.id = p.building_id
        where p.owner_id is not null and b.neighborhood is not null
        group by b.neighborhood, p.owner_id
      )
      select n.code, n.name, n.kind, n.lat, n.lng,
             coalesce(s.buildings, 0)::int as buildings, coalesce(s.owned, 0)::int as owned,
             coalesce(s.total_cents, 0)::float8 as total_cents,
             h.owner_id as top_owner_id, coalesce(u.user_name, u.full_name) as top_owner_name,
             u.building_color as top_owner_color, h.properties as top_owner_properties
      from neighborhoods n
      left join stock s on s.neighborhood = n.name
      left join holdings h on h.neighborhood = n.name and h.place = 1
      left join users u on u.id = h.owner_id
      order by n.code`,
  );
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    kind: r.kind,
    location: { lat: round6(r.lat), lng: round6(r.lng) },
    buildings: r.buildings,
    owned: r.owned,
    totalValue: r.total_cents / 100,
    topOwner:
      r.top_owner_id && r.top_owner_color
        ? {
            userId: r.top_owner_id,
            userName: r.top_owner_name ?? "",
            color: r.top_owner_color,
            properties: r.top_owner_properties ?? 0,
          }
        : null,
  }));
}
