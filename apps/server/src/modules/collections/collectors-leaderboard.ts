import { queryRows } from "@mx/kit/sql";
import type { CollectorRow } from "@mx/shared/schemas/collections";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type CollectionCatalogue, idArray } from "./catalogue";
import { currentHolders } from "./holders";

/** The collectors: players by collections held now, then by the value of their buildings in them. */
export async function collectorsLeaderboard(
  db: Db,
  catalogue: CollectionCatalogue,
  limit = 50,
): Promise<CollectorRow[]> {
  const holders = await currentHolders(db);
  if (holders.length === 0) return [];
  const buildingIds = [...new Set(holders.flatMap((h) => catalogue.get(h.collection_id)?.members ?? []))];
  const value = new Map(
    (
      await queryRows<{ building_id: string; price_cents: number }>(
        db,
        sql`select building_id, price_cents from properties where building_id = any(${idArray(buildingIds)})`,
      )
    ).map((r) => [r.building_id, r.price_cents]),
  );
  const players = new Map<
    string,
    { userName: string; color: string; held: number; buildings: Set<string> }
  >();
  for (const h of holders) {
    const collection = catalogue.get(h.collection_id);
    if (!collection) continue;
    const player = players.get(h.user_id) ?? {
      userName: h.user_name ?? "A player",
      color: h.color,
      held: 0,
      buildings: new Set<string>(),
    };
    player.held += 1;
    for (const m of collection.members) player.buildings.add(m);
    players.set(h.user_id, player);
  }
  return [...players.values()]
    .map((p) => ({
      userName: p.userName,
      color: p.color,
      held: p.held,
      cents: [...p.buildings].reduce((sum, id) => sum + (value.get(id) ?? 0), 0),
    }))
    .sort((a, b) => b.held - a.held || b.cents - a.cents || a.userName.localeCompare(b.userName))
    .slice(0, limit)
    .map((p, i) => ({
      rank: i + 1,
      userName: p.userName,
      color: p.color,
      held: p.held,
      value: p.cents / 100,
    }));
}
