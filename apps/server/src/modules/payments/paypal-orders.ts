import {
  CardError,
  type FindIntentInput,
  type GatewayIntent,
  type GatewayRefund,
  GatewayRequestError,
  type PaymentGateway,
} from "@mx/processors/gateway";
import { type PaypalApi, PaypalError, type PaypalOrder } from "@mx/processors/paypal-api";
import { intentIdOf, intentOfOrder, orderIdOf, orderInput } from "./paypal-intent";

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

/** Runs one PayPal call, with PayPal's refusals in the gateway's words. */
export async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    translate(error);
  }
}

/** The order behind one of our ids, as PayPal has it now. */
export async function orderOf(paypal: PaypalApi, intentId: string): Promise<PaypalOrder> {
  return call(() => paypal.getOrder(orderIdOf(intentId)));
}

/** An order the payer approved, captured (or authorized, for a hold) now, keyed by the order; else as it is. */
export async function confirmOrder(paypal: PaypalApi, intentId: string): Promise<GatewayIntent> {
  const now = await orderOf(paypal, intentId);
  if (now.status !== "APPROVED") return intentOfOrder(now);
  const requestId = `${now.intent === "AUTHORIZE" ? "authorize" : "capture"}:${now.id}`;
  const done = await call(() =>
    now.intent === "AUTHORIZE"
      ? paypal.authorizeOrder({ id: now.id, requestId })
      : paypal.captureOrder({ id: now.id, requestId }),
  );
  return intentOfOrder(done);
}

/** The order a create call made, found by sending the call again; one still waiting for the payer is abandoned. */
export async function findOrder(paypal: PaypalApi, input: FindIntentInput): Promise<GatewayIntent> {
  // PayPal cannot be searched: the create call is sent again, under the same request id and with the same body.
  // PayPal answers with the order the first call made; if that call never reached it, it makes one now.
  const created = await call(() => paypal.createOrder(orderInput(input, input.operation)));
  // The answer may repeat the first reply, which tells the order as it was then: it is read as it is now.
  const intent = intentOfOrder(await orderOf(paypal, intentIdOf(created.id)));
  // An order still waiting for the payer was never shown to them: its id reaches the payer only in the reply
  // sent after the id is noted, which this operation never got to. No one can approve it, and we never will
  // capture it: it is abandoned, as cancelPaymentIntent abandons one.
  return intent.status === "requires_action"
    ? { ...intent, status: "canceled", nextActionUrl: null }
    : intent;
}

/** Captures the money an order holds (its authorization), unless it is captured already. */
export async function captureHold(
  paypal: PaypalApi,
  input: Parameters<PaymentGateway["capturePaymentIntent"]>[0],
): Promise<GatewayIntent> {
  const now = await orderOf(paypal, input.id);
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
  return intentOfOrder(await orderOf(paypal, input.id));
}

/** Voids the money an order holds, or abandons an order never captured or authorized. */
export async function cancelOrder(
  paypal: PaypalApi,
  input: Parameters<PaymentGateway["cancelPaymentIntent"]>[0],
): Promise<GatewayIntent> {
  const now = await orderOf(paypal, input.id);
  const authorization = now.authorization;
  if (authorization?.status === "CREATED") {
    await call(() =>
      paypal.voidAuthorization({
        authorizationId: authorization.id,
        requestId: input.idempotencyKey ?? `void:${authorization.id}`,
      }),
    );
    return intentOfOrder(await orderOf(paypal, input.id));
  }
  const intent = intentOfOrder(now);
  // An order never captured or authorized cannot be taken by anyone but us, and we never will: it is abandoned.
  if (now.status !== "COMPLETED") return { ...intent, status: "canceled", nextActionUrl: null };
  return intent;
}

/** Refunds an order's capture, in full (what is left of it) or in part. */
export async function refundOrder(
  paypal: PaypalApi,
  input: Parameters<PaymentGateway["refund"]>[0],
): Promise<GatewayRefund> {
  const now = await orderOf(paypal, input.paymentIntentId);
  const capture = now.capture;
  if (!capture) throw new GatewayRequestError("CAPTURE_NOT_FOUND", "This PayPal order took no money.", 422);
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
    status: refund.status === "COMPLETED" ? "succeeded" : refund.status === "PENDING" ? "pending" : "failed",
  };
}
