import { queryRows } from "@mx/kit/sql";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";

/**
 * The one locking rule for a building: whatever may change who owns it, whether it is for sale, its bids, its
 * name or its development takes its `properties` row lock (FOR UPDATE), held until the transaction ends. Several
 * buildings are locked in building order, so that two transactions never wait for each other in a circle. The
 * purchase's batched statements take the same row locks in the same order inside their SQL
 * (properties/purchase-operation.ts, settle-purchase.ts).
 *
 * Only inside a transaction: the lock ends with it.
 *
 * A building nobody has touched yet may have no `properties` row: there is nothing to lock, and nothing for these
 * changes to act on (each checks the owner it reads after locking).
 */
export async function lockBuildings(tx: Queryable, buildingIds: string[]): Promise<void> {
  const ids = [...new Set(buildingIds)].sort();
  if (ids.length === 0) return;
  await tx.execute(sql`
    select 1 from properties
    where building_id = any(array(select value from json_array_elements_text(${JSON.stringify(ids)}::json)))
    order by building_id
    for update`);
}

/**
 * lockBuildings for every building a player owns or has a money operation open on (a purchase or a development
 * not yet settled, a bid being placed, pending or being accepted), in the same order: what deleting their account takes first,
 * before the player's own row, as every operation takes its building before anything of its player's.
 */
export async function lockBuildingsOf(tx: Queryable, playerId: string): Promise<void> {
  await tx.execute(sql`
    select 1 from properties
    where building_id = any(array(
      select building_id from properties where owner_id = ${playerId}
      union select building_id from purchases where user_id = ${playerId} and status in ('pending', 'refunding')
      union select building_id from developments where user_id = ${playerId} and state in ('reserved', 'refunding')
      union select building_id from bids where bidder_id = ${playerId} and status in ('holding', 'pending', 'accepting')))
    order by building_id
    for update`);
}

/**
 * Whether a player's account is deleted, read after waiting for a deletion under way (a share lock on their row):
 * taken after the operation's building locks, as the deletion takes them, it sees a deletion that has committed.
 */
export async function playerDeleted(tx: Queryable, playerId: string): Promise<boolean> {
  const [row] = await queryRows<{ deleted: boolean }>(
    tx,
    sql`select deleted_at is not null as deleted from users where id = ${playerId} for share`,
  );
  return row?.deleted ?? true;
}
