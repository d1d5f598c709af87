import { AppError } from "@mx/kit/errors";
import { queryRows } from "@mx/kit/sql";
import type { PlayerCollection, PlayerCollectionsData } from "@mx/shared/schemas/collections";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CollectionCatalogue } from "./catalogue";

type Row = { collection_id: string; completed_at: number; lost_at: number | null };

/** A player's collections: those held now and those once held (completed, then a member lost). 404 unknown player. */
export async function playerCollections(
  db: Db,
  catalogue: CollectionCatalogue,
  userName: string,
): Promise<PlayerCollectionsData> {
  const [user] = await queryRows<{ id: string; user_name: string }>(
    db,
    sql`select id::text, user_name from users where lower(user_name) = lower(${userName}) and deleted_at is null`,
  );
  if (!user) throw new AppError("NOT_FOUND", `No player named ${userName}.`);
  return { userName: user.user_name, collections: await collectionsOfPlayer(db, catalogue, user.id) };
}

/** The collections of the player `userId`, held ones first, then once held; each newest first. */
export async function collectionsOfPlayer(
  db: Db,
  catalogue: CollectionCatalogue,
  userId: string,
): Promise<PlayerCollection[]> {
  // The latest completion of each collection says its standing.
  const rows = await queryRows<Row>(
    db,
    sql`select distinct on (collection_id) collection_id,
      extract(epoch from completed_at)::bigint::int as completed_at,
      extract(epoch from lost_at)::bigint::int as lost_at
    from collection_completions where user_id = ${userId}
    order by collection_id, completed_at desc`,
  );
  const collections = rows.flatMap((r): PlayerCollection[] => {
    const c = catalogue.get(r.collection_id);
    if (!c) return [];
    return [
      {
        id: c.id,
        kind: c.kind,
        name: c.name,
        difficulty: c.difficulty,
        standing: r.lost_at === null ? "held" : "once held",
        completedAt: Number(r.completed_at),
        lostAt: r.lost_at === null ? null : Number(r.lost_at),
      },
    ];
  });
  return collections.sort((a, b) =>
    a.standing !== b.standing ? (a.standing === "held" ? -1 : 1) : b.completedAt - a.completedAt,
  );
}
