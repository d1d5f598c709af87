import { queryRows } from "@mx/kit/sql";
import { isUuid } from "@mx/shared/uuid";
import { sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { Resumable } from "../money/operation";
import { recoverPurchaseBy } from "./purchase-recovery";
import type { Bought, PurchaseRow } from "./settle-purchase";

/**
 * Lets go the buildings among `keys` (building or property ids) held for a buyer whose time to approve is up, so
 * that they can be bought at once rather than after the next recovery run: each such purchase is settled as
 * recovery would (completed if the buyer did pay in time, else its payment cancelled and the purchase failed).
 */
export async function endLapsedHolds(
  deps: AppDeps,
  op: Resumable<PurchaseRow, Bought>,
  keys: string[],
  now = new Date(),
): Promise<void> {
  const uuids = keys.filter((k) => isUuid(k));
  const lapsed = await queryRows<{ id: string }>(
    deps.db,
    sql`
    select p.id from purchases p
    where p.status = 'pending' and p.awaiting_until <= ${now.toISOString()}::timestamptz
      and p.building_id = any(array(
        select value from json_array_elements_text(${JSON.stringify(keys)}::json)
        union all
        select pr.building_id from properties pr
        where pr.id = any(array(select value::uuid from json_array_elements_text(${JSON.stringify(uuids)}::json)))))`,
    "lapsed-purchase-holds",
  );
  for (const { id } of lapsed) {
    try {
      await recoverPurchaseBy(deps, op, id, now, { lapsed: true });
    } catch (error) {
      // Left to the recovery runs, which settle it from the processor's record.
      deps.log?.error({ err: error, purchaseId: id }, "could not end a lapsed hold; will retry");
    }
  }
}
