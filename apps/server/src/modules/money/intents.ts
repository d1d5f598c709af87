import type { FindIntentInput, GatewayIntent, PaymentGateway } from "@mx/processors/gateway";

/* How a money operation (operation.ts) asks the processor for its intent, finds it again and cancels it. */

/**
 * Asks the processor for a charge (or a hold) as the row describes it, under the description's key: the same
 * description recovery finds it by. `paymentMethodId` overrides the description's, when the row records none.
 */
export function chargeAsDescribed(
  gateway: PaymentGateway,
  customerId: string,
  { operation, paymentMethodId: described, ...charge }: FindIntentInput,
  paymentMethodId: string | null = described,
): Promise<GatewayIntent> {
  return gateway.createPaymentIntent({
    ...charge,
    customerId,
    ...(paymentMethodId ? { paymentMethodId } : {}),
    idempotencyKey: operation,
  });
}

/** An operation row's processor intent: by the id it noted, else by the charge it records (key, amount, metadata). */
export const findIntent = (
  gateway: PaymentGateway,
  intentId: string | null,
  charge: () => FindIntentInput,
) => (intentId ? gateway.retrievePaymentIntent(intentId) : gateway.findPaymentIntent(charge()));

/** Cancels an intent the operation took no money under, with a key fixed by its charge's. */
export async function cancelIntent(gateway: PaymentGateway, intent: GatewayIntent, chargeKey: string) {
  await gateway.cancelPaymentIntent({ id: intent.id, idempotencyKey: `${chargeKey}:cancel` });
}
