import { and, asc, inArray, lt } from "drizzle-orm";
import { shopCheckouts } from "../../db/schema/shop";
import type { AppDeps } from "../../deps";
import { abandonCheckout } from "./checkout-row";
import { completeOrder } from "./complete-order";

/** A checkout session lasts a day at the processor: older ones can no longer be paid. */
const SESSION_LIFETIME_MS = 25 * 60 * 60_000;

type Unsettled = { id: string; state: "reserved" | "open"; sessionId: string | null; createdAt: Date };

/** Checkouts still reserved or open, untouched for the recovery delay, oldest first. */
export async function findOpenCheckouts(deps: Pick<AppDeps, "db" | "config">, now = new Date()) {
  const rows = await deps.db
    .select({
      id: shopCheckouts.id,
      state: shopCheckouts.state,
      sessionId: shopCheckouts.sessionId,
      createdAt: shopCheckouts.createdAt,
    })
    .from(shopCheckouts)
    .where(
      and(
        inArray(shopCheckouts.state, ["reserved", "open"]),
        lt(shopCheckouts.createdAt, new Date(now.getTime() - deps.config.moneyRecoveryAfterMs)),
      ),
    )
    .orderBy(asc(shopCheckouts.createdAt))
    .limit(200);
  return rows as Unsettled[];
}

/**
 * Resumes a checkout from its recorded state. Reserved: the processor never answered the request that opened it,
 * so the customer was never given a way to pay; it is abandoned. Open: the processor's record decides; paid at
 * the processor with no order written (the process stopped between the payment and the order, or the webhook was
 * lost), it becomes its order now, with its confirmation; lapsed unpaid, it is abandoned. Returns whether an order
 * was written.
 */
export async function recoverShopOrder(
  deps: AppDeps,
  checkout: Pick<Unsettled, "id" | "state" | "sessionId" | "createdAt">,
  now = new Date(),
): Promise<boolean> {
  if (checkout.state === "reserved" || !checkout.sessionId) {
    await abandonCheckout(deps.db, checkout.id, "reserved");
    return false;
  }
  const session = await deps.gateway.retrieveCheckoutSession(checkout.sessionId);
  if ((await completeOrder(deps, session)) !== null) return true;
  const lapsed = now.getTime() - checkout.createdAt.getTime() > SESSION_LIFETIME_MS;
  if (session.status === "expired" || lapsed) await abandonCheckout(deps.db, checkout.id, "open");
  return false;
}
