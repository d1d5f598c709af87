import { queryRows } from "@mx/kit/sql";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { recordActivities } from "../events/publish";
import { type CollectionCatalogue, idArray } from "./catalogue";

type Change = { change: "won" | "lost"; collection_id: string; user_id: string; holder_name: string | null };

/**
 * Keeps `collection_completions` true after the owners of `buildingIds` changed: call it in the transaction that
 * changed them, after the change. A building in no collection costs nothing (the catalogue's in-memory index);
 * otherwise one statement re-reads the owners of the collections concerned, opens a completion for a player who
 * now owns every member and closes (`lost_at`) one whose holder no longer does. Each completion is told to its
 * holder and to everyone watching one of its buildings, one statement each. The statement's text is fixed (the
 * members go in as one JSON value), so it runs prepared: every purchase batch touching a collection runs it.
 *
 * Two transactions giving away the last two members at the same moment cannot each miss the other's: every change
 * of an owner bumps the one map-state version row (migration 0004's trigger), so the second waits there for the
 * first to commit and reads the owners after it.
 */
export async function trackHoldings(
  q: Queryable,
  catalogue: CollectionCatalogue,
  buildingIds: Iterable<string>,
): Promise<void> {
  const touched = catalogue.of(buildingIds);
  if (touched.length === 0) return;
  const members = touched.flatMap((c) =>
    c.members.map((building_id) => ({ collection_id: c.id, building_id, n: c.members.length })),
  );
  const changes = await queryRows<Change>(
    q,
    sql`
    with m as (
      select * from json_to_recordset(${JSON.stringify(members)}::json) as m(collection_id text, building_id text, n int)),
    holders as (
      select m.collection_id, p.owner_id as user_id
      -- The owner of each member found by one probe of its building (the subquery fenced by "offset 0" is run per
      -- member): joined as rows, the planner read every owned property through the owner index instead, where
      -- statistics taken before the island was traded call owned properties rare (3.4 ms at 6,000 owned, and
      -- growing with the trade).
      from m cross join lateral (
        select p.owner_id from properties p where p.building_id = m.building_id offset 0) p
      where p.owner_id is not null
      group by m.collection_id, m.n, p.owner_id
      having count(*) = m.n),
    lost as (
      update collection_completions c set lost_at = now()
      where c.collection_id = any(array(select distinct collection_id from m)) and c.lost_at is null
        and not exists (select 1 from holders h where h.collection_id = c.collection_id and h.user_id = c.user_id)
      returning c.collection_id, c.user_id),
    won as (
      insert into collection_completions (user_id, collection_id)
      select h.user_id, h.collection_id from holders h
      where not exists (
        select 1 from collection_completions c
        where c.collection_id = h.collection_id and c.user_id = h.user_id and c.lost_at is null)
      on conflict do nothing
      returning collection_id, user_id)
    select 'won' as change, w.collection_id, w.user_id::text as user_id,
      coalesce(u.user_name, u.full_name) as holder_name
    from won w join users u on u.id = w.user_id
    union all
    select 'lost', l.collection_id, l.user_id::text, null from lost l`,
    "track-holdings",
  );
  for (const change of changes) {
    if (change.change !== "won") continue;
    const collection = catalogue.get(change.collection_id);
    if (!collection) continue;
    const base = {
      collectionId: collection.id,
      collectionName: collection.name,
      holderName: change.holder_name ?? "A player",
    };
    await recordActivities(q, sql`select ${change.user_id}::uuid`, "collection.completed", {
      ...base,
      role: "holder",
    });
    await recordActivities(
      q,
      sql`select distinct w.user_id from watchlist w
        where w.building_id = any(${idArray(collection.members)}) and w.user_id <> ${change.user_id}::uuid`,
      "collection.completed",
      { ...base, role: "watcher" },
    );
  }
}
