import type { GatewayIntent, IntentStatus } from "@mx/processors/gateway";
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { paymentIntents } from "../../db/schema/payments";

export type SyncResult =
  /** We have no row for this intent (made elsewhere, or our insert never happened): nothing changed. */
  { found: false } | { found: true; previousStatus: string; status: IntentStatus; changed: boolean };

/**
 * Brings our `payment_intents` row in line with the processor's intent, as just read from the processor (never
 * from a webhook body): its status, the card it was confirmed with, and `updated_at`.
 */
export async function syncPaymentIntent(
  db: Queryable,
  intent: GatewayIntent,
  now = new Date(),
): Promise<SyncResult> {
  const [row] = await db
    .select({ status: paymentIntents.status, paymentMethodId: paymentIntents.paymentMethodId })
    .from(paymentIntents)
    .where(eq(paymentIntents.id, intent.id))
    .for("update");
  if (!row) return { found: false };
  await db
    .update(paymentIntents)
    .set({
      status: intent.status,
      paymentMethodId: intent.paymentMethodId ?? row.paymentMethodId,
      updatedAt: now,
    })
    .where(eq(paymentIntents.id, intent.id));
  return {
    found: true,
    previousStatus: row.status,
    status: intent.status,
    changed: row.status !== intent.status,
  };
}
