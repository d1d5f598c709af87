import { and, eq, inArray, lt, lte, sql } from "drizzle-orm";
import { purchases } from "../../db/schema/purchases";
import type { AppDeps } from "../../deps";
import { type Recovery, type Resumable, recoverOperation } from "../money/operation";
import { WAITING_PAYMENT_MS } from "../payments/waiting-payments";
import type { Bought, PurchaseRow } from "./settle-purchase";

/** What a recovered purchase ended in, in a purchase's words. */
export type PurchaseRecovery = "completed" | "refunded" | "failed" | "waiting" | "settled already";

const inPurchaseWords: Record<Recovery, PurchaseRecovery> = {
  settled: "completed",
  refunded: "refunded",
  released: "failed",
  waiting: "waiting",
  "settled already": "settled already",
};

/** Until when a purchase may wait for its buyer: its own time, and never past the timeout from its creation. */
const waitsUntil = (row: PurchaseRow) =>
  new Date(
    Math.min(
      row.awaitingUntil?.getTime() ?? Number.POSITIVE_INFINITY,
      row.createdAt.getTime() + WAITING_PAYMENT_MS,
    ),
  );

/**
 * Finishes one interrupted purchase from its status and the processor's record (money/operation.ts): completed
 * if charged (refunded if ownership can no longer be written), a refund begun asked again under its key, failed
 * if never charged or abandoned (any open intent cancelled), left waiting while still processing or while the
 * buyer may still approve. Claimed by moving its clock: of two instances recovering at once, one claims it, the
 * other finds it fresh. A hold whose time for the buyer is up (`lapsed`) is claimed at once, by clearing that time.
 * `op` is the purchase's money operation (purchase-operation.ts), handed in by the caller.
 */
export async function recoverPurchaseBy(
  deps: AppDeps,
  op: Resumable<PurchaseRow, Bought>,
  purchaseId: string,
  now = new Date(),
  { lapsed = false }: { lapsed?: boolean } = {},
): Promise<PurchaseRecovery> {
  const before = new Date(now.getTime() - deps.config.moneyRecoveryAfterMs);
  const [row] = await deps.db
    .update(purchases)
    .set({ updatedAt: sql`now()`, ...(lapsed ? { awaitingUntil: null } : {}) })
    .where(
      and(
        eq(purchases.id, purchaseId),
        lapsed
          ? and(eq(purchases.status, "pending"), lte(purchases.awaitingUntil, now))
          : and(inArray(purchases.status, ["pending", "refunding"]), lt(purchases.updatedAt, before)),
      ),
    )
    .returning();
  if (!row) return "settled already";
  const recovery = await recoverOperation(op, row, {
    waitUntil: lapsed ? null : waitsUntil(row),
    now,
  });
  return inPurchaseWords[recovery];
}
