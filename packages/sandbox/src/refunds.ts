import { type GatewayRefund, GatewayRequestError } from "@mx/processors/gateway";
import { and, eq, sql } from "drizzle-orm";
import { refuseRefundIfDisputed } from "./card-disputes";
import type { Db } from "./db";
import { intentRow } from "./intents";
import { sandboxPaymentIntents, sandboxRefunds } from "./schema";
import { sandboxId } from "./tokens";

/** Refunds a captured intent, what is left of it or less; a repeat under the same key answers as the first did. */
export async function refundIntent(
  db: Db,
  {
    paymentIntentId,
    amountCents,
    idempotencyKey,
  }: { paymentIntentId: string; amountCents?: number; idempotencyKey?: string },
): Promise<GatewayRefund> {
  if (idempotencyKey) {
    const [existing] = await db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
    if (existing) {
      return { id: existing.id, paymentIntentId, amountCents: existing.amountCents, status: "succeeded" };
    }
  }
  const row = await intentRow(db, paymentIntentId);
  if (row.status !== "succeeded") {
    throw new GatewayRequestError(
      "charge_not_captured",
      "This PaymentIntent has no captured charge to refund.",
    );
  }
  await refuseRefundIfDisputed(db, paymentIntentId);
  const amount = amountCents ?? row.capturedCents - row.refundedCents;
  // Atomic: two refunds at once can never return more than was captured.
  const [updated] = await db
    .update(sandboxPaymentIntents)
    .set({
      refundedCents: sql`${sandboxPaymentIntents.refundedCents} + ${amount}`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(sandboxPaymentIntents.id, paymentIntentId),
        sql`${sandboxPaymentIntents.refundedCents} + ${amount} <= ${sandboxPaymentIntents.capturedCents}`,
      ),
    )
    .returning();
  if (!updated || amount <= 0) {
    throw new GatewayRequestError(
      "charge_already_refunded",
      "The refund is more than what is left of the charge.",
    );
  }
  const refund = {
    id: sandboxId("re"),
    paymentIntentId,
    amountCents: amount,
    idempotencyKey: idempotencyKey ?? null,
  };
  await db.insert(sandboxRefunds).values(refund);
  return { id: refund.id, paymentIntentId, amountCents: amount, status: "succeeded" };
}
