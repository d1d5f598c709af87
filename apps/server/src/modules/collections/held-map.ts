import { queryRows } from "@mx/kit/sql";
import type { HeldCollectionsMapData } from "@mx/shared/schemas/collections";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type CollectionCatalogue, idArray } from "./catalogue";
import { currentHolders } from "./holders";

/** The map's mark: each held collection's buildings (map feature ids) in its holder's colour. */
export async function heldCollectionsMap(
  db: Db,
  catalogue: CollectionCatalogue,
): Promise<HeldCollectionsMapData> {
  const holders = await currentHolders(db);
  if (holders.length === 0) return { held: [] };
  const ids = [...new Set(holders.flatMap((h) => catalogue.get(h.collection_id)?.members ?? []))];
  const mapIds = new Map(
    (
      await queryRows<{ id: string; map_id: number }>(
        db,
        sql`select id, map_id from buildings where id = any(${idArray(ids)})`,
      )
    ).map((r) => [r.id, r.map_id]),
  );
  return {
    held: holders.flatMap((h) => {
      const c = catalogue.get(h.collection_id);
      if (!c) return [];
      return [
        {
          id: c.id,
          name: c.name,
          color: h.color,
          mapIds: c.members.flatMap((m) => {
            const id = mapIds.get(m);
            return id === undefined ? [] : [id];
          }),
        },
      ];
    }),
  };
}
