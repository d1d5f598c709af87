import { and, eq, lt } from "drizzle-orm";
import { purchases } from "../../db/schema/purchases";
import type { AppDeps } from "../../deps";

/** A purchase still pending after this long was interrupted (the server stopped between charge and ownership). */
export const STALE_PURCHASE_MS = 10 * 60_000;

/**
 * Settles interrupted purchases: a charged one is refunded (the buyer never got the building), an uncharged one
 * is marked failed. Either way the building is free to buy again. Safe to run on several instances at once.
 */
export async function reconcilePurchases({ db, gateway }: AppDeps, now = new Date()): Promise<number> {
  const stale = await db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.status, "pending"),
        lt(purchases.createdAt, new Date(now.getTime() - STALE_PURCHASE_MS)),
      ),
    );
  let settled = 0;
  for (const purchase of stale) {
    if (purchase.paymentIntentId) {
      const intent = await gateway.retrievePaymentIntent(purchase.paymentIntentId);
      if (intent.status === "succeeded") {
        await gateway.refund({
          paymentIntentId: intent.id,
          idempotencyKey: `purchase-refund:${purchase.id}`,
        });
      } else if (intent.status === "requires_capture") {
        await gateway.cancelPaymentIntent({ id: intent.id });
      }
    }
    const [done] = await db
      .update(purchases)
      .set({
        status: purchase.paymentIntentId ? "refunded" : "failed",
        failure: "interrupted before ownership was written",
        updatedAt: now,
      })
      .where(and(eq(purchases.id, purchase.id), eq(purchases.status, "pending")))
      .returning({ id: purchases.id });
    if (done) settled += 1;
  }
  return settled;
}
