import { and, asc, eq, inArray, lt, lte, sql } from "drizzle-orm";
import { purchases } from "../../db/schema/purchases";
import type { AppDeps } from "../../deps";
import { queryRows } from "../../lib/sql";
import { releasePurchaseCredits } from "../offerwall/credits";
import type { GatewayIntent } from "../payments/gateway";
import { WAITING_PAYMENT_MS } from "../payments/waiting-payments";
import { completeCharged, purchaseCharge, purchaseChargeKey, refundPurchase } from "./settle-purchase";

/** A charge waiting for the buyer (3-D Secure, PayPal's approval) is given this long before it is abandoned. */
export const ACTION_TIMEOUT_MS = WAITING_PAYMENT_MS;

type PurchaseRow = typeof purchases.$inferSelect;
export type PurchaseRecovery = "completed" | "refunded" | "failed" | "waiting" | "settled already";

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
 * Finishes one interrupted purchase from the processor's record, found by the intent id the purchase noted or, if
 * the process stopped before it could note one, by the purchase's charge key:
 *   - charged and not refunded: the purchase is completed (the building is still held by it), or refunded if
 *     ownership cannot be written;
 *   - a refund begun: it is asked for again with the same key, so it happens once;
 *   - never charged, refused, or abandoned: it fails, and any intent still open is cancelled;
 *   - still processing at the processor: it waits.
 */
export async function recoverPurchase(
  deps: AppDeps,
  purchaseId: string,
  now = new Date(),
  { lapsed = false }: { lapsed?: boolean } = {},
): Promise<PurchaseRecovery> {
  const { gateway } = deps;
  // Claimed by moving its clock: of two instances recovering at once, one claims it, the other finds it fresh. A
  // hold whose time for the buyer is up is claimed at once, by clearing that time.
  const before = new Date(now.getTime() - deps.config.moneyRecoveryAfterMs);
  const [purchase] = await deps.db
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
  if (!purchase) return "settled already";
  // Found by the id it noted; else, unless credits paid it all (then nothing was asked of the processor), by the
  // charge its row records.
  const intent = purchase.paymentIntentId
    ? await gateway.retrievePaymentIntent(purchase.paymentIntentId)
    : purchase.creditsCents >= purchase.totalCents
      ? null
      : await gateway.findPaymentIntent(purchaseCharge(purchase));

  if (purchase.status === "refunding" && !intent && purchase.creditsCents >= purchase.totalCents) {
    // Paid wholly with credits: nothing to ask the processor, the credits go back as it settles.
    await refundPurchase(deps, purchase.id, null, purchase.failure ?? "interrupted, refunded");
    return "refunded";
  }
  if (purchase.status === "refunding" || (intent?.status === "succeeded" && intent.refundedCents > 0)) {
    if (!intent) throw new Error(`purchase ${purchase.id} is refunding but has no payment intent`);
    await refundPurchase(deps, purchase.id, intent.id, purchase.failure ?? "interrupted, refunded");
    return "refunded";
  }
  if (!intent) return fail(deps, purchase, "interrupted before the card was charged");
  if (
    intent.metadata.purchaseId !== purchase.id ||
    intent.amountCents !== purchase.totalCents - purchase.creditsCents
  ) {
    throw new Error(`payment intent ${intent.id} does not belong to purchase ${purchase.id}`);
  }
  switch (intent.status) {
    case "succeeded":
      return complete(deps, purchase, intent);
    case "processing":
      await noteIntent(deps, purchase, intent);
      return "waiting";
    case "requires_action":
    case "requires_confirmation":
      if (!lapsed && now.getTime() < waitsUntil(purchase).getTime()) {
        await noteIntent(deps, purchase, intent);
        return "waiting";
      }
      await gateway.cancelPaymentIntent({
        id: intent.id,
        idempotencyKey: `${purchaseChargeKey(purchase.id)}:cancel`,
      });
      return fail(deps, purchase, "the card was never authenticated");
    case "requires_capture":
      await gateway.cancelPaymentIntent({
        id: intent.id,
        idempotencyKey: `${purchaseChargeKey(purchase.id)}:cancel`,
      });
      return fail(deps, purchase, "interrupted before the card was charged");
    default:
      return fail(deps, purchase, "the card was not charged");
  }
}

/** Until when a purchase may wait for its buyer: its own time, and never past the timeout from its creation. */
const waitsUntil = (purchase: PurchaseRow) =>
  new Date(
    Math.min(
      purchase.awaitingUntil?.getTime() ?? Number.POSITIVE_INFINITY,
      purchase.createdAt.getTime() + ACTION_TIMEOUT_MS,
    ),
  );

/**
 * Lets go the buildings among `keys` (building or property ids) held for a buyer whose time to approve is up, so
 * that they can be bought at once rather than after the next recovery run: each such purchase is settled as
 * recovery would (completed if the buyer did pay in time, else its payment cancelled and the purchase failed).
 */
export async function endLapsedHolds(deps: AppDeps, keys: string[], now = new Date()): Promise<void> {
  const uuids = keys.filter((k) => UUID.test(k));
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
  );
  for (const { id } of lapsed) {
    try {
      await recoverPurchase(deps, id, now, { lapsed: true });
    } catch (error) {
      // Left to the recovery runs, which settle it from the processor's record.
      deps.log?.error({ err: error, purchaseId: id }, "could not end a lapsed hold; will retry");
    }
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function noteIntent(deps: AppDeps, purchase: PurchaseRow, intent: GatewayIntent) {
  if (purchase.paymentIntentId) return;
  await deps.db.update(purchases).set({ paymentIntentId: intent.id }).where(eq(purchases.id, purchase.id));
}

async function fail(deps: AppDeps, purchase: PurchaseRow, failure: string): Promise<PurchaseRecovery> {
  // Any credits it held go back in the same transaction.
  return deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(purchases)
      .set({ status: "failed", failure, updatedAt: new Date() })
      .where(and(eq(purchases.id, purchase.id), eq(purchases.status, "pending")))
      .returning({ id: purchases.id });
    if (!done) return "settled already";
    await releasePurchaseCredits(tx, purchase.id);
    return "failed";
  });
}

/** The building is still held by this pending purchase: ownership is written now, as the request would have. */
async function complete(
  deps: AppDeps,
  purchase: PurchaseRow,
  intent: GatewayIntent,
): Promise<PurchaseRecovery> {
  return (await completeCharged(deps, purchase, intent)) ? "completed" : "refunded";
}

/**
 * Recovers every interrupted purchase found now, each on its own: one that fails (the processor unreachable, say)
 * is logged and tried again on the next run, and never stops the others. Safe on several instances at once.
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
