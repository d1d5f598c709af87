import { queryRows } from "@mx/kit/sql";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";

export type HolderRow = {
  collection_id: string;
  user_id: string;
  user_name: string | null;
  color: string;
  since: number;
};

/** Who holds each held collection now (one row each), or only `collectionId`'s: the completions not lost. */
export function currentHolders(q: Queryable, collectionId?: string): Promise<HolderRow[]> {
  return queryRows<HolderRow>(
    q,
    sql`select c.collection_id, c.user_id::text as user_id, u.user_name, u.building_color as color,
      extract(epoch from c.completed_at)::bigint::int as since
    from collection_completions c join users u on u.id = c.user_id
    where c.lost_at is null and u.deleted_at is null
      ${collectionId === undefined ? sql`` : sql`and c.collection_id = ${collectionId}`}
    order by c.completed_at, c.collection_id`,
  );
}

export const holderOf = (row: HolderRow | undefined) =>
  row ? { userName: row.user_name ?? "A player", color: row.color, since: Number(row.since) } : null;
