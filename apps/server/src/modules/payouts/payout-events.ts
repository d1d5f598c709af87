import type { PaymentGateway } from "@mx/processors/gateway";
import type { GatewayPayout } from "@mx/processors/payout-gateway";
import { isUuid } from "@mx/shared/uuid";
import { eq, or } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db, Tx } from "../../db/client";
import { payouts } from "../../db/schema/payouts";
import { applyPayoutResult } from "./send-payout";

/** Stripe's events about a payout on a connected account that change what the player sees. */
export const PAYOUT_EVENT_TYPES: readonly string[] = ["payout.paid", "payout.failed", "payout.canceled"];

export type PayoutEventUpdate = { payoutId: string; result: GatewayPayout };

/**
 * Before the webhook's transaction: the payout an event names, re-read from Stripe (the event's copy is never
 * trusted) on the connected account the event came from. A failed payout's money is reclaimed from the account
 * here, outside any transaction. Null for other events and for payouts we did not make.
 */
export async function readPayoutEvent(
  db: Db,
  gateway: PaymentGateway,
  event: Stripe.Event,
): Promise<PayoutEventUpdate | null> {
  if (!PAYOUT_EVENT_TYPES.includes(event.type)) return null;
  const object = event.data.object as { object?: string; id?: unknown };
  const accountId = event.account;
  if (object.object !== "payout" || typeof object.id !== "string" || !accountId) return null;
  const result = await gateway.retrievePayout({ accountId, payoutId: object.id });
  const byReference =
    result.reference && isUuid(result.reference) ? eq(payouts.id, result.reference) : undefined;
  const [row] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(or(eq(payouts.providerPayoutId, result.id), byReference))
    .limit(1);
  if (!row) return null;
  if (result.status === "failed") await gateway.reclaimFailedPayout({ accountId, payoutId: result.id });
  return { payoutId: row.id, result };
}

/** Inside the webhook's transaction: the payout's new state, and for a failure the money back in the balance. */
export async function applyPayoutEvent(tx: Tx, update: PayoutEventUpdate): Promise<void> {
  await applyPayoutResult(tx, update.payoutId, update.result);
}
