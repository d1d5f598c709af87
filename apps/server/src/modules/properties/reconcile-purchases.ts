import { and, asc, inArray, lt } from "drizzle-orm";
import { purchases } from "../../db/schema/purchases";
import type { AppDeps } from "../../deps";
import { recoverPurchase } from "./purchase-operation";

/**
 * Purchases a stopped or failed request left in the middle: pending (reserved, maybe charged) or refunding, and
 * not touched for the recovery delay, oldest first.
 */
export async function findInterruptedPurchases(deps: AppDeps, now = new Date()): Promise<string[]> {
  const before = new Date(now.getTime() - deps.config.moneyRecoveryAfterMs);
  const rows = await deps.db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(inArray(purchases.status, ["pending", "refunding"]), lt(purchases.updatedAt, before)))
    .orderBy(asc(purchases.updatedAt))
    .limit(500);
  return rows.map((r) => r.id);
}

/**
 * Recovers every interrupted purchase found now, each on its own (recoverPurchase): one that fails (the processor
 * unreachable, say) is logged and tried again on the next run, and never stops the others. Safe on several
 * instances at once.
 */
export async function reconcilePurchases(deps: AppDeps, now = new Date()): Promise<number> {
  let settled = 0;
  for (const id of await findInterruptedPurchases(deps, now)) {
    try {
      const result = await recoverPurchase(deps, id, now);
      if (result !== "waiting" && result !== "settled already") settled += 1;
    } catch (error) {
      // Its claim moved its clock, so the next runs try the others first.
      deps.log?.error({ err: error, purchaseId: id }, "could not recover purchase; will retry");
    }
  }
  return settled;
}
