import { GatewayRequestError } from "@mx/processors/gateway";
import type { PayoutGateway } from "@mx/processors/payout-gateway";
import { eq } from "drizzle-orm";
import type { Db } from "./db";
import { sandboxCardCredits, sandboxPaymentMethods } from "./schema";
import { sandboxId } from "./tokens";

/** Credits money back to a customer's buying card, once per idempotency key. */
export async function creditSandboxCard(
  db: Db,
  input: Parameters<PayoutGateway["creditCard"]>[0],
): ReturnType<PayoutGateway["creditCard"]> {
  const [existing] = await db
    .select({ id: sandboxCardCredits.id })
    .from(sandboxCardCredits)
    .where(eq(sandboxCardCredits.idempotencyKey, input.idempotencyKey));
  if (existing) return existing;
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1) {
    throw new GatewayRequestError("amount_too_small", "The refund must be at least 1 cent.");
  }
  const [pm] = await db
    .select()
    .from(sandboxPaymentMethods)
    .where(eq(sandboxPaymentMethods.id, input.paymentMethodId));
  if (!pm || pm.customerId !== input.customerId) {
    throw new GatewayRequestError(
      "resource_missing",
      `No such PaymentMethod: '${input.paymentMethodId}'`,
      404,
    );
  }
  const credit = {
    id: sandboxId("re"),
    customerId: input.customerId,
    paymentMethodId: input.paymentMethodId,
    amountCents: input.amountCents,
    currency: input.currency,
    reference: input.reference,
    idempotencyKey: input.idempotencyKey,
  };
  const [row] = await db
    .insert(sandboxCardCredits)
    .values(credit)
    .onConflictDoNothing({ target: sandboxCardCredits.idempotencyKey })
    .returning({ id: sandboxCardCredits.id });
  if (row) return row;
  const [first] = await db
    .select({ id: sandboxCardCredits.id })
    .from(sandboxCardCredits)
    .where(eq(sandboxCardCredits.idempotencyKey, input.idempotencyKey));
  if (!first) throw new Error("card credit vanished");
  return first;
}
