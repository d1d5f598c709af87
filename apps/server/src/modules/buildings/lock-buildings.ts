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

/** lockBuildings for every building a player owns, in the same order. */
export async function lockBuildingsOf(tx: Queryable, ownerId: string): Promise<void> {
  await tx.execute(sql`
    select 1 from properties where owner_id = ${ownerId} order by building_id for update`);
}
