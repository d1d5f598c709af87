import { crashPoint } from "@mx/kit/crash-points";
import { queryRows } from "@mx/kit/sql";
import type { GatewayCheckoutSession } from "@mx/processors/checkout-gateway";
import {
  CardError,
  type CreateIntentInput,
  type GatewayIntent,
  GatewayRequestError,
  type IntentStatus,
  type PaymentGateway,
} from "@mx/processors/gateway";
import {
  type CreateOrderInput,
  type PaypalApi,
  PaypalError,
  type PaypalOrder,
} from "@mx/processors/paypal-api";
import { PAYPAL_METHOD_ID } from "@mx/shared/constants";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/** The payment method a player picks to pay with PayPal (in place of a card's `pm_…`). */
export const PAYPAL_METHOD = PAYPAL_METHOD_ID;
/** Our ids of PayPal orders, so that every service keeps one kind of payment id and the gateway knows where to go. */
const PREFIX = "paypal_";

export const isPaypalIntent = (id: string | null | undefined): boolean => Boolean(id?.startsWith(PREFIX));
export const orderIdOf = (intentId: string) => intentId.slice(PREFIX.length);

/** The provider to record for a payment, by its id. */
export const providerOf = (gateway: PaymentGateway, intentId: string | null): string =>
  isPaypalIntent(intentId) ? "paypal" : gateway.kind;

/**
 * What an order is for, in PayPal's custom_id (127 characters at most): the operation's key (`purchase:<uuid>`,
 * `bid:<uuid>`, …) and the player. The building goes into the purchase unit's reference_id.
 */
function customIdOf(metadata: Record<string, string>, operation: string): string {
  return `${operation}|${metadata.userId ?? ""}`;
}

function metadataOf(order: PaypalOrder): Record<string, string> {
  const [operation = "", userId = ""] = (order.customId ?? "").split("|");
  const [purpose = "", id = ""] = operation.split(":");
  const metadata: Record<string, string> = { operation, amountCents: String(order.amountCents) };
  if (purpose) metadata.purpose = purpose;
  if (userId) metadata.userId = userId;
  if (order.referenceId) metadata.buildingId = order.referenceId;
  if (purpose === "purchase") metadata.purchaseId = id;
  if (purpose === "bid") metadata.bidId = id;
  if (purpose === "development") metadata.developmentId = id;
  // A shop checkout's session id is our id of its order.
  if (purpose === "shop") metadata.checkoutSessionId = `${PREFIX}${order.id}`;
  return metadata;
}

/** An order in the intent's words, so that purchases, bids and recovery treat both alike. */
export function intentOfOrder(order: PaypalOrder): GatewayIntent {
  const manual = order.intent === "AUTHORIZE";
  const captured = order.capture && order.capture.status !== "DECLINED" && order.capture.status !== "FAILED";
  let status: IntentStatus;
  if (order.status === "VOIDED") status = "canceled";
  else if (order.status === "APPROVED") status = "requires_confirmation";
  else if (order.status !== "COMPLETED")
    status = order.payerCancelled ? "requires_payment_method" : "requires_action";
  else if (captured) status = order.capture?.status === "PENDING" ? "processing" : "succeeded";
  else if (order.capture) status = "requires_payment_method";
  else if (!order.authorization) status = "requires_payment_method";
  else {
    const a = order.authorization.status;
    status =
      a === "CREATED" || a === "PARTIALLY_CAPTURED"
        ? "requires_capture"
        : a === "PENDING"
          ? "processing"
          : a === "DENIED"
            ? "requires_payment_method"
            : "canceled";
  }
  return {
    id: `${PREFIX}${order.id}`,
    // What PayPal's buttons in the browser need: the order to approve.
    clientSecret: order.id,
    status,
    amountCents: order.amountCents,
    capturedCents: captured ? (order.capture?.amountCents ?? 0) : 0,
    refundedCents: order.refundedCents,
    currency: order.currency.toLowerCase(),
    captureMethod: manual ? "manual" : "automatic",
    customerId: null,
    paymentMethodId: PAYPAL_METHOD,
    metadata: metadataOf(order),
    nextActionUrl: status === "requires_action" ? order.approveUrl : null,
  };
}

/**
 * The order a create call makes: the same input and key make the same request id and body, so that recovery, sending
 * the call again (findPaymentIntent), gets the order the first call made.
 */
function orderInput(
  input: Pick<CreateIntentInput, "amountCents" | "currency" | "captureMethod" | "metadata" | "goods">,
  operation: string,
): CreateOrderInput {
  const metadata = input.metadata ?? {};
  return {
    intent: input.captureMethod === "manual" ? "AUTHORIZE" : "CAPTURE",
    amountCents: input.amountCents,
    currency: input.currency,
    customId: customIdOf(metadata, operation),
    referenceId: metadata.buildingId ?? metadata.checkoutSessionId ?? operation,
    description: metadata.purpose === "bid" ? "Bid hold, Manhattan Exchange" : "Manhattan Exchange",
    requestId: operation,
    ...(input.goods ? { goods: input.goods } : {}),
  };
}

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

/** PayPal's refusals in the words the services already handle: a declined payment, or a refused request. */
function translate(error: unknown): never {
  if (error instanceof PaypalError) {
    if (error.issue === "INSTRUMENT_DECLINED" || error.issue === "PAYER_ACTION_REQUIRED") {
      throw new CardError("card_declined", `PayPal declined the payment: ${error.message}`);
    }
    throw new GatewayRequestError(error.issue, error.message, error.statusCode);
  }
  throw error;
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    translate(error);
  }
}

/**
 * The card gateway with PayPal beside it. An intent made with the `paypal` payment method is a PayPal order (intent
 * CAPTURE for a charge, AUTHORIZE for a hold); every later call for an id starting `paypal_` goes to PayPal:
 *   - created, the order waits for the payer (requires_action, with the approval page as nextActionUrl);
 *   - approved (requires_confirmation), confirming it captures or authorizes it, keyed by the order;
 *   - an authorization is captured on accept and voided on release; a capture is refunded;
 *   - recovery finds an order whose id was never noted by sending its create call again, and reconciliation reads
 *     the orders our tables name, one by one: the same calls with the sandbox as with PayPal.
 * Everything else goes to the card gateway unchanged.
 */
export function withPaypal(cards: PaymentGateway, paypal: PaypalApi, db: Db): PaymentGateway {
  async function order(intentId: string): Promise<PaypalOrder> {
    return call(() => paypal.getOrder(orderIdOf(intentId)));
  }

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

    async confirmPaymentIntent(input) {
      if (!isPaypalIntent(input.id)) return cards.confirmPaymentIntent(input);
      const now = await order(input.id);
      if (now.status !== "APPROVED") return intentOfOrder(now);
      const requestId = `${now.intent === "AUTHORIZE" ? "authorize" : "capture"}:${now.id}`;
      const done = await call(() =>
        now.intent === "AUTHORIZE"
          ? paypal.authorizeOrder({ id: now.id, requestId })
          : paypal.captureOrder({ id: now.id, requestId }),
      );
      return intentOfOrder(done);
    },

    retrieveCheckoutSession: async (id) =>
      isPaypalIntent(id)
        ? sessionOfIntent(intentOfOrder(await order(id)))
        : cards.retrieveCheckoutSession(id),

    retrievePaymentIntent: async (id) =>
      isPaypalIntent(id) ? intentOfOrder(await order(id)) : cards.retrievePaymentIntent(id),

    async findPaymentIntent(input) {
      if (input.paymentMethodId !== PAYPAL_METHOD) return cards.findPaymentIntent(input);
      // PayPal cannot be searched: the create call is sent again, under the same request id and with the same body.
      // PayPal answers with the order the first call made; if that call never reached it, it makes one now.
      const created = await call(() => paypal.createOrder(orderInput(input, input.operation)));
      // The answer may repeat the first reply, which tells the order as it was then: it is read as it is now.
      const intent = intentOfOrder(await order(`${PREFIX}${created.id}`));
      // An order still waiting for the payer was never shown to them: its id reaches the payer only in the reply
      // sent after the id is noted, which this operation never got to. No one can approve it, and we never will
      // capture it: it is abandoned, as cancelPaymentIntent abandons one.
      return intent.status === "requires_action"
        ? { ...intent, status: "canceled", nextActionUrl: null }
        : intent;
    },

    async listPaymentIntents(window) {
      const fromCards = await cards.listPaymentIntents(window);
      // PayPal lists no orders: the ones our tables know of are read again, one by one.
      const known = await knownOrders(db, window);
      const orders = await Promise.all(known.map((id) => call(() => paypal.getOrder(orderIdOf(id)))));
      return [...fromCards, ...orders.map(intentOfOrder)];
    },

    async capturePaymentIntent(input) {
      if (!isPaypalIntent(input.id)) return cards.capturePaymentIntent(input);
      const now = await order(input.id);
      const authorization = now.authorization;
      if (!authorization) {
        throw new GatewayRequestError("AUTHORIZATION_NOT_FOUND", "This PayPal order holds no money.", 422);
      }
      if (authorization.status !== "CAPTURED") {
        await call(() =>
          paypal.captureAuthorization({
            authorizationId: authorization.id,
            amountCents: input.amountCents ?? now.amountCents,
            currency: now.currency,
            requestId: input.idempotencyKey ?? `capture:${authorization.id}`,
          }),
        );
      }
      return intentOfOrder(await order(input.id));
    },

    async cancelPaymentIntent(input) {
      if (!isPaypalIntent(input.id)) return cards.cancelPaymentIntent(input);
      const now = await order(input.id);
      const authorization = now.authorization;
      if (authorization?.status === "CREATED") {
        await call(() =>
          paypal.voidAuthorization({
            authorizationId: authorization.id,
            requestId: input.idempotencyKey ?? `void:${authorization.id}`,
          }),
        );
        return intentOfOrder(await order(input.id));
      }
      const intent = intentOfOrder(now);
      // An order never captured or authorized cannot be taken by anyone but us, and we never will: it is abandoned.
      if (now.status !== "COMPLETED") return { ...intent, status: "canceled", nextActionUrl: null };
      return intent;
    },

    async refund(input) {
      if (!isPaypalIntent(input.paymentIntentId)) return cards.refund(input);
      const now = await order(input.paymentIntentId);
      const capture = now.capture;
      if (!capture)
        throw new GatewayRequestError("CAPTURE_NOT_FOUND", "This PayPal order took no money.", 422);
      const amountCents = input.amountCents ?? capture.amountCents - now.refundedCents;
      const refund = await call(() =>
        paypal.refundCapture({
          captureId: capture.id,
          amountCents,
          currency: now.currency,
          requestId: input.idempotencyKey ?? `refund:${capture.id}`,
        }),
      );
      return {
        id: refund.id,
        paymentIntentId: input.paymentIntentId,
        amountCents: refund.amountCents,
        status:
          refund.status === "COMPLETED" ? "succeeded" : refund.status === "PENDING" ? "pending" : "failed",
      };
    },
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
