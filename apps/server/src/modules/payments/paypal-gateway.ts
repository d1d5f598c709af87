import { crashPoint } from "@mx/kit/crash-points";
import { queryRows } from "@mx/kit/sql";
import type { GatewayCheckoutSession } from "@mx/processors/checkout-gateway";
import {
  CardError,
  type CreateIntentInput,
  type GatewayIntent,
  type PaymentGateway,
} from "@mx/processors/gateway";
import type { PaypalApi } from "@mx/processors/paypal-api";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { paypalDisputeCalls } from "./paypal-disputes";
import { intentOfOrder, isPaypalIntent, orderIdOf, orderInput, PAYPAL_METHOD } from "./paypal-intent";
import {
  call,
  cancelOrder,
  captureHold,
  confirmOrder,
  findOrder,
  orderOf,
  refundOrder,
} from "./paypal-orders";

export { intentOfOrder, isPaypalIntent, orderIdOf, PAYPAL_METHOD } from "./paypal-intent";

/** The provider to record for a payment, by its id. */
export const providerOf = (gateway: PaymentGateway, intentId: string | null): string =>
  isPaypalIntent(intentId) ? "paypal" : gateway.kind;

/**
 * Our ids of the PayPal orders made in a window, from every table that notes one: purchases, bids, developments and
 * shop checkouts (a shop order keeps its checkout's id). Every operation that can be paid with PayPal is here.
 */
async function knownOrders(db: Db, window: { createdFrom: Date; createdTo: Date }): Promise<string[]> {
  const from = window.createdFrom.toISOString();
  const to = window.createdTo.toISOString();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    select payment_intent_id as id from purchases where payment_intent_id like 'paypal\_%'
      and created_at between ${from} and ${to}
    union
    select payment_intent_id from bids where payment_intent_id like 'paypal\_%'
      and created_at between ${from} and ${to}
    union
    select payment_intent_id from developments where payment_intent_id like 'paypal\_%'
      and created_at between ${from} and ${to}
    union
    select session_id from shop_checkouts where session_id like 'paypal\_%'
      and created_at between ${from} and ${to}
    order by id`,
  );
  return rows.map((row) => row.id);
}

/**
 * The card gateway with PayPal beside it. An intent made with the `paypal` payment method is a PayPal order (intent
 * CAPTURE for a charge, AUTHORIZE for a hold); every later call for an id starting `paypal_` goes to PayPal:
 *   - created, the order waits for the payer (requires_action, with the approval page as nextActionUrl);
 *   - approved (requires_confirmation), confirming it captures or authorizes it, keyed by the order;
 *   - an authorization is captured on accept and voided on release; a capture is refunded;
 *   - recovery finds an order whose id was never noted by sending its create call again, and reconciliation reads
 *     the orders our tables name, one by one: the same calls with the sandbox as with PayPal;
 *   - a dispute id `PP-…` is PayPal's, read with the order its capture belongs to (paypal-disputes.ts).
 * Everything else goes to the card gateway unchanged.
 */
export function withPaypal(cards: PaymentGateway, paypal: PaypalApi, db: Db): PaymentGateway {
  async function createOrder(input: CreateIntentInput): Promise<GatewayIntent> {
    const operation = input.idempotencyKey ?? input.metadata?.operation;
    if (!operation) throw new Error("A PayPal order needs the operation's key");
    return intentOfOrder(await call(() => paypal.createOrder(orderInput(input, operation))));
  }

  const gateway: PaymentGateway = {
    ...cards,
    paypal: { kind: paypal.kind, clientId: paypal.clientId },

    createPaymentIntent: (input) =>
      input.paymentMethodId === PAYPAL_METHOD ? createOrder(input) : cards.createPaymentIntent(input),

    confirmPaymentIntent: async (input) =>
      isPaypalIntent(input.id) ? confirmOrder(paypal, input.id) : cards.confirmPaymentIntent(input),

    retrieveCheckoutSession: async (id) =>
      isPaypalIntent(id)
        ? sessionOfIntent(intentOfOrder(await orderOf(paypal, id)))
        : cards.retrieveCheckoutSession(id),

    retrievePaymentIntent: async (id) =>
      isPaypalIntent(id) ? intentOfOrder(await orderOf(paypal, id)) : cards.retrievePaymentIntent(id),

    findPaymentIntent: async (input) =>
      input.paymentMethodId === PAYPAL_METHOD ? findOrder(paypal, input) : cards.findPaymentIntent(input),

    async listPaymentIntents(window) {
      const fromCards = await cards.listPaymentIntents(window);
      // PayPal lists no orders: the ones our tables know of are read again, one by one.
      const known = await knownOrders(db, window);
      const orders = await Promise.all(known.map((id) => call(() => paypal.getOrder(orderIdOf(id)))));
      return [...fromCards, ...orders.map(intentOfOrder)];
    },

    capturePaymentIntent: async (input) =>
      isPaypalIntent(input.id) ? captureHold(paypal, input) : cards.capturePaymentIntent(input),

    cancelPaymentIntent: async (input) =>
      isPaypalIntent(input.id) ? cancelOrder(paypal, input) : cards.cancelPaymentIntent(input),

    refund: async (input) =>
      isPaypalIntent(input.paymentIntentId) ? refundOrder(paypal, input) : cards.refund(input),

    // A `PP-…` dispute (or a reversed capture) is PayPal's; the list joins both processors'.
    ...paypalDisputeCalls(cards, paypal),
  };
  apis.set(gateway, paypal);
  return gateway;
}

const apis = new WeakMap<PaymentGateway, PaypalApi>();
/** The PayPal API behind a gateway made by withPaypal (for its webhook's signature check); null without PayPal. */
export const paypalApiOf = (gateway: PaymentGateway): PaypalApi | null => apis.get(gateway) ?? null;

/** The payer's own words when they closed PayPal's page without paying. */
export const PAYPAL_CANCELLED = "The payment was cancelled at PayPal; nothing was charged.";

/**
 * A payment the payer has approved at PayPal, captured (or authorized, for a hold) now, keyed by the order, so a
 * confirmation sent twice takes the money once. A refusal is recorded by `onDeclined` before it is reported. Any
 * other intent is returned as it is.
 */
export async function confirmApproved(
  deps: { gateway: PaymentGateway },
  intent: GatewayIntent,
  onDeclined: (failure: string) => Promise<unknown>,
): Promise<GatewayIntent> {
  if (intent.status !== "requires_confirmation" || !isPaypalIntent(intent.id)) return intent;
  let confirmed: GatewayIntent;
  try {
    confirmed = await deps.gateway.confirmPaymentIntent({ id: intent.id, paymentMethodId: PAYPAL_METHOD });
  } catch (error) {
    if (error instanceof CardError) await onDeclined(error.message);
    throw error;
  }
  // Captured or authorized at PayPal, nothing written here yet: recovery finds it by the id the row already names.
  crashPoint("paypal.confirmed");
  return confirmed;
}

/** Whether a payment method named in a request is PayPal, and PayPal is offered here. */
export const isPaypalMethod = (deps: { gateway: PaymentGateway }, paymentMethodId: string | undefined) =>
  paymentMethodId === PAYPAL_METHOD && Boolean(deps.gateway.paypal);

/** A PayPal shop checkout in the words of a checkout session: complete and paid once captured. */
export function sessionOfIntent(intent: GatewayIntent): GatewayCheckoutSession {
  const paid = intent.status === "succeeded";
  return {
    id: intent.id,
    status: paid ? "complete" : intent.status === "canceled" ? "expired" : "open",
    paymentStatus: paid ? "paid" : "unpaid",
    customerEmail: null,
    // The breakdown and address are ours (the shop's checkout row), which PayPal was told when the order was made.
    amountSubtotalCents: paid ? intent.capturedCents : intent.amountCents,
    amountShippingCents: 0,
    amountTaxCents: 0,
    amountTotalCents: paid ? intent.capturedCents : intent.amountCents,
    shipping: null,
    currency: intent.currency,
    paymentIntentId: intent.id,
    metadata: intent.metadata,
  };
}
