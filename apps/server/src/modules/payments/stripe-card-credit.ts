import { GatewayRequestError } from "@mx/processors/gateway";
import type { PayoutGateway } from "@mx/processors/payout-gateway";
import type Stripe from "stripe";
import { idOf } from "./stripe-call";

type CardCreditInput = Parameters<PayoutGateway["creditCard"]>[0];

/** A charge of the customer's that can still be refunded, and how much of it is left. */
type OpenCharge = { intentId: string; left: number };

/** The customer's succeeded charges, those on the card first, newest first. */
async function chargesOf(stripe: Stripe, input: CardCreditInput) {
  const intents = await stripe.paymentIntents.list({
    customer: input.customerId,
    limit: 100,
    expand: ["data.latest_charge"],
  });
  return intents.data
    .filter((pi) => pi.status === "succeeded" && pi.latest_charge && typeof pi.latest_charge !== "string")
    .map((pi) => ({ intent: pi, charge: pi.latest_charge as Stripe.Charge }))
    .sort(
      (a, b) =>
        Number(idOf(b.intent.payment_method) === input.paymentMethodId) -
          Number(idOf(a.intent.payment_method) === input.paymentMethodId) ||
        b.intent.created - a.intent.created,
    );
}

/**
 * Sends money back to a card: Stripe does so only as a refund of an earlier charge, so the customer's charges are
 * refunded, those on this card first, newest first. A charge already refunded for this same credit (an earlier
 * attempt) counts as done, so a retry never refunds twice. Returns the first refund's id.
 */
export async function creditCardByRefunds(stripe: Stripe, input: CardCreditInput): Promise<{ id: string }> {
  const charges = await chargesOf(stripe, input);
  let done = 0;
  const open: OpenCharge[] = [];
  const ids: string[] = [];
  for (const { intent, charge } of charges) {
    if (charge.amount_refunded > 0) {
      const earlier = await stripe.refunds.list({ payment_intent: intent.id, limit: 100 });
      const ours = earlier.data.filter((r) => r.metadata?.reference === input.reference);
      if (ours.length > 0) {
        done += ours.reduce((sum, r) => sum + r.amount, 0);
        ids.push(...ours.map((r) => r.id));
        continue;
      }
    }
    const left = charge.amount_captured - charge.amount_refunded;
    if (left > 0) open.push({ intentId: intent.id, left });
  }
  let owed = input.amountCents - done;
  if (owed > open.reduce((sum, c) => sum + c.left, 0)) {
    throw new GatewayRequestError(
      "refund_exceeds_charges",
      "The card's earlier charges are too small to refund this amount to it.",
    );
  }
  for (const { intentId, left } of open) {
    if (owed <= 0) break;
    const amount = Math.min(left, owed);
    const refund = await stripe.refunds.create(
      { payment_intent: intentId, amount, metadata: { reference: input.reference } },
      { idempotencyKey: `${input.idempotencyKey}:${intentId}` },
    );
    ids.push(refund.id);
    owed -= amount;
  }
  return { id: ids[0] ?? input.reference };
}
