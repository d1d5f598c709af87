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

/**
 * A list's reply as its JSON text cut where each collection's `myCount` goes (`parts` has one piece more than `ids`),
 * made once with the cached list: a signed-in viewer's reply is the pieces joined around their own counts, with no
 * object copied or serialised per request.
 */
export type ListReplyPieces = { parts: string[]; ids: string[] };

/** A number no count can be, written where each count goes and cut out. */
const GAP = -1;
const GAP_TEXT = `"myCount":${GAP}`;

export function listReplyPieces(
  reply: (collections: CollectionSummary[]) => unknown,
  list: readonly CollectionSummary[],
) {
  // Inside a JSON string a quote is escaped, so the cut text is only ever the key itself.
  const parts = JSON.stringify(reply(list.map((c) => ({ ...c, myCount: GAP })))).split(GAP_TEXT);
  if (parts.length !== list.length + 1)
    throw new Error("a collection list's reply did not cut into one piece per collection");
  return { parts, ids: list.map((c) => c.id) };
}

/** The list's reply as the signed-in `viewerId` sees it: how many members of each they own (one indexed read). */
export async function replyWithMyCounts(
  db: Db,
  catalogue: CollectionCatalogue,
  pieces: ListReplyPieces,
  viewerId: string,
): Promise<string> {
  const owned = await queryRows<{ building_id: string }>(
    db,
    sql`select building_id from properties where owner_id = ${viewerId}`,
  );
  const counts = catalogue.countsOf(owned.map((r) => r.building_id));
  let json = pieces.parts[0] ?? "";
  for (const [i, id] of pieces.ids.entries())
    json += `"myCount":${counts.get(id) ?? 0}${pieces.parts[i + 1]}`;
  return json;
}
