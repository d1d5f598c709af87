import { queryRows } from "@mx/kit/sql";
import type { CollectionKind, CollectionSummary } from "@mx/shared/schemas/collections";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CollectionRecord } from "./build-collections";
import type { CollectionCatalogue } from "./catalogue";
import { currentHolders, type HolderRow, holderOf } from "./holders";

/** A collection as the list shows it; `owned` is how many members the viewer owns (null when signed out). */
export function summaryOf(
  c: CollectionRecord,
  holder: HolderRow | undefined,
  owned: number | null,
): CollectionSummary {
  return {
    id: c.id,
    kind: c.kind,
    name: c.name,
    description: c.description,
    neighborhood: c.neighborhood,
    difficulty: c.difficulty,
    size: c.members.length,
    heldBy: holderOf(holder)?.userName ?? null,
    holder: holderOf(holder),
    myCount: owned,
  };
}

/** Every collection (or those of one kind or neighbourhood), with its holder, as anyone sees it (`myCount` null). */
export async function listCollections(
  db: Db,
  catalogue: CollectionCatalogue,
  filter: { kind?: CollectionKind; neighborhood?: string } = {},
): Promise<CollectionSummary[]> {
  const holders = new Map((await currentHolders(db)).map((h) => [h.collection_id, h]));
  return catalogue.list
    .filter(
      (c) =>
        (!filter.kind || c.kind === filter.kind) &&
        (!filter.neighborhood || c.neighborhood === filter.neighborhood),
    )
    .map((c) => summaryOf(c, holders.get(c.id), null));
}

/** The list as the signed-in `viewerId` sees it: how many members of each they own (one indexed read). */
export async function withMyCounts(
  db: Db,
  catalogue: CollectionCatalogue,
  list: readonly CollectionSummary[],
  viewerId: string,
): Promise<CollectionSummary[]> {
  const mine = new Set(
    (
      await queryRows<{ building_id: string }>(
        db,
        sql`select building_id from properties where owner_id = ${viewerId}`,
      )
    ).map((r) => r.building_id),
  );
  return list.map((c) => ({
    ...c,
    myCount: (catalogue.get(c.id)?.members ?? []).filter((m) => mine.has(m)).length,
  }));
}
