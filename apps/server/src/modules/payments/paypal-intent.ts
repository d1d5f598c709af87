import type { CreateIntentInput, GatewayIntent, IntentStatus } from "@mx/processors/gateway";
import type { CreateOrderInput, PaypalOrder } from "@mx/processors/paypal-api";
import { PAYPAL_METHOD_ID } from "@mx/shared/constants";

/** The payment method a player picks to pay with PayPal (in place of a card's `pm_…`). */
export const PAYPAL_METHOD = PAYPAL_METHOD_ID;
/** Our ids of PayPal orders, so that every service keeps one kind of payment id and the gateway knows where to go. */
const PREFIX = "paypal_";

export const isPaypalIntent = (id: string | null | undefined): boolean => Boolean(id?.startsWith(PREFIX));
export const orderIdOf = (intentId: string) => intentId.slice(PREFIX.length);

/** Our id of a PayPal order. */
export const intentIdOf = (orderId: string) => `${PREFIX}${orderId}`;

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
export function orderInput(
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
