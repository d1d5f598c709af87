import { and, asc, inArray, lt } from "drizzle-orm";
import { purchases } from "../../db/schema/purchases";
import type { AppDeps } from "../../deps";

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
