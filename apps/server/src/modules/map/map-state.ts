import { queryRows } from "@mx/kit/sql";
import type { MapState } from "@mx/shared/schemas/map";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";

/**
 * Owned and for-sale buildings with their owner's colour, and developed or constructing buildings with their level
 * (see MapState), as compactly as the map needs them. A construction shows until it is settled: the overlay's
 * reader settles ended ones before it reads its version (routes.ts), so that lasts a second and one check at most.
 */
export async function getMapState(q: Queryable): Promise<MapState> {
  const rows = await queryRows<{ map_id: number; color: string | null; for_sale: boolean; code: number }>(
    q,
    sql`
    select b.map_id, u.building_color as color, p.for_sale,
      (p.development_level * 2 + (p.constructing_until is not null)::int) as code
    from properties p
    join buildings b on b.id = p.building_id
    left join users u on u.id = p.owner_id
    where p.owner_id is not null or p.for_sale or p.development_level > 0 or p.constructing_until is not null
    order by b.map_id`,
  );
  const colors: string[] = [];
  const colorIndex = new Map<string, number>();
  const owned: number[] = [];
  const forSale: number[] = [];
  const developed: number[] = [];
  for (const row of rows) {
    if (row.code > 0) developed.push(row.map_id, row.code);
    if (row.color) {
      let index = colorIndex.get(row.color);
      if (index === undefined) {
        index = colors.push(row.color) - 1;
        colorIndex.set(row.color, index);
      }
      owned.push(row.map_id, index);
    }
    if (row.for_sale) forSale.push(row.map_id);
  }
  return { colors, owned, forSale, developed };
}
