import { and, asc, eq, gt, isNull, lt } from "drizzle-orm";
import { shopCheckouts, shopOrders } from "../../db/schema/shop";
import type { AppDeps } from "../../deps";
import { completeOrder } from "./complete-order";

/** A checkout session lasts a day at the processor: older ones can no longer be paid. */
const SESSION_LIFETIME_MS = 25 * 60 * 60_000;

/** Checkouts opened in the last day, untouched for the recovery delay, that have no order yet. */
export async function findOpenCheckouts(deps: AppDeps, now = new Date()): Promise<string[]> {
  const rows = await deps.db
    .select({ sessionId: shopCheckouts.sessionId })
    .from(shopCheckouts)
    .leftJoin(shopOrders, eq(shopOrders.checkoutSessionId, shopCheckouts.sessionId))
    .where(
      and(
        isNull(shopOrders.id),
        lt(shopCheckouts.createdAt, new Date(now.getTime() - deps.config.moneyRecoveryAfterMs)),
        gt(shopCheckouts.createdAt, new Date(now.getTime() - SESSION_LIFETIME_MS)),
      ),
    )
    .orderBy(asc(shopCheckouts.createdAt))
    .limit(200);
  return rows.map((r) => r.sessionId);
}

/**
 * A checkout paid at the processor whose order was never written (the process stopped between the payment and the
 * order, or the processor's webhook was lost) becomes its order now, with its confirmation. Returns whether it did.
 */
export async function recoverShopOrder(deps: AppDeps, sessionId: string): Promise<boolean> {
  const session = await deps.gateway.retrieveCheckoutSession(sessionId);
  return (await completeOrder(deps, session)) !== null;
}

/** Every open checkout, each on its own: one that fails is logged and tried on the next run. */
export async function recoverShopOrders(deps: AppDeps, now = new Date()): Promise<number> {
  let recovered = 0;
  for (const sessionId of await findOpenCheckouts(deps, now)) {
    try {
      if (await recoverShopOrder(deps, sessionId)) recovered += 1;
    } catch (error) {
      deps.log?.error({ err: error, sessionId }, "could not recover shop order; will retry");
    }
  }
  return recovered;
}
