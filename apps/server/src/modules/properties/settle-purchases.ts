import { failed, type Outcome, succeeded } from "@mx/kit/batcher";
import { AppError } from "@mx/kit/errors";
import type { GatewayIntent } from "@mx/processors/gateway";
import type { Property } from "@mx/shared/schemas/properties";
import { eq } from "drizzle-orm";
import { purchases } from "../../db/schema/purchases";
import type { AppDeps } from "../../deps";
import { playerDeleted } from "../buildings/lock-buildings";
import { announce, type Bought, ownTogether, type PurchaseRow } from "./settle-purchase";

/**
 * Step 3 for many paid purchases: ownership and the journals of all of them in one statement (ownTogether), then
 * the sales announced. A purchase whose building could not be given gets its refusal, and its money goes back.
 */
export async function settlePurchases(
  deps: AppDeps,
  items: { row: PurchaseRow; intent: GatewayIntent | null }[],
): Promise<Outcome<Bought | null>[]> {
  const outcomes: Outcome<Bought | null>[] = items.map(() => succeeded(null));
  const ready: typeof items = [];
  for (const [i, item] of items.entries()) {
    try {
      await deps.faults?.beforeOwnership?.();
      ready.push(item);
    } catch (error) {
      outcomes[i] = failed(error);
    }
  }
  let owned: Map<string, Property>;
  try {
    owned = await ownTogether(deps, ready);
  } catch (error) {
    // Only a lone purchase throws here (see ownTogether): nothing was written for it.
    for (const item of ready) outcomes[items.indexOf(item)] = failed(error);
    return outcomes;
  }
  const completed = ready.filter((item) => owned.has(item.row.id));
  // From here on nothing may throw: the purchases are complete, and a batch that throws is run again.
  const bought = announce(deps, completed, owned);
  for (const [i, item] of items.entries()) {
    if (!ready.includes(item)) continue;
    const done = bought.get(item.row.id);
    if (done) outcomes[i] = succeeded(done);
    else if (owned.has(item.row.id)) outcomes[i] = failed(new Error("bought, but not presented"));
    else if ((await stillPending(deps, item.row)) && !(await playerDeleted(deps.db, item.row.userId))) {
      outcomes[i] = failed(new AppError("CONFLICT", "This building already has an owner."));
    }
  }
  return outcomes;
}

/** Whether a purchase is still pending (neither settled nor given up meanwhile). */
const stillPending = async (deps: AppDeps, row: PurchaseRow) => {
  const [now] = await deps.db
    .select({ status: purchases.status })
    .from(purchases)
    .where(eq(purchases.id, row.id));
  return now?.status === "pending";
};
