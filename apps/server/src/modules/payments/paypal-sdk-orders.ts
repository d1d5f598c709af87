import { type CreateOrderInput, type PaypalApi, PaypalError } from "@mx/processors/paypal-api";
import { formatCents } from "@mx/shared/money";
import {
  ApiError,
  CheckoutPaymentIntent,
  type Client,
  type OrderRequest,
  OrdersController,
  PaymentsController,
  PaypalWalletContextShippingPreference,
} from "@paypal/paypal-server-sdk";
import { amountOf, centsOf, goodsOf, PREFER as prefer, presentOrder } from "./paypal-sdk-shapes";

/** PayPal's error reply in our words: its first issue and description. */
function refusal(error: unknown): never {
  if (error instanceof ApiError) {
    const result = (error.result ?? {}) as {
      name?: string;
      message?: string;
      details?: { issue?: string; description?: string }[];
    };
    const detail = result.details?.[0];
    throw new PaypalError(
      detail?.issue ?? result.name ?? "PAYPAL_ERROR",
      detail?.description ?? result.message ?? `PayPal answered ${error.statusCode}`,
      error.statusCode,
    );
  }
  throw error;
}

/** Runs one SDK call and gives its result, with PayPal's refusal in our words. */
async function ask<T>(work: () => Promise<{ result: T }>): Promise<T> {
  try {
    return (await work()).result;
  } catch (error) {
    refusal(error);
  }
}

/** A create call's order: one purchase unit, with a shop order's goods and the address they go to. */
function orderBody(input: CreateOrderInput): OrderRequest {
  const currency = input.currency.toUpperCase();
  const goods = input.goods ? goodsOf(input.goods, currency) : null;
  return {
    intent: input.intent === "AUTHORIZE" ? CheckoutPaymentIntent.Authorize : CheckoutPaymentIntent.Capture,
    purchaseUnits: [
      {
        referenceId: input.referenceId,
        customId: input.customId,
        description: `${input.description}: ${formatCents(input.amountCents)}`,
        amount: {
          currencyCode: currency,
          value: amountOf(input.amountCents),
          ...(goods ? { breakdown: goods.breakdown } : {}),
        },
        ...(goods ? { items: goods.items, shipping: goods.shipping } : {}),
      },
    ],
    // The address was taken on our checkout page: the payer sees it at PayPal and cannot swap it there.
    ...(goods
      ? {
          paymentSource: {
            paypal: {
              experienceContext: {
                shippingPreference: PaypalWalletContextShippingPreference.SetProvidedAddress,
              },
            },
          },
        }
      : {}),
  };
}

/** The calls the SDK covers: Orders v2 (create, read, capture, authorize) and Payments v2 (capture, refund). */
export function paypalOrders(
  client: Client,
): Pick<
  PaypalApi,
  "createOrder" | "getOrder" | "captureOrder" | "authorizeOrder" | "captureAuthorization" | "refundCapture"
> {
  const orders = new OrdersController(client);
  const payments = new PaymentsController(client);
  return {
    async createOrder(input) {
      const body = orderBody(input);
      const order = await ask(() => orders.createOrder({ paypalRequestId: input.requestId, prefer, body }));
      return presentOrder(order);
    },

    getOrder: async (id) => presentOrder(await ask(() => orders.getOrder({ id }))),

    captureOrder: async ({ id, requestId }) =>
      presentOrder(await ask(() => orders.captureOrder({ id, paypalRequestId: requestId, prefer }))),

    authorizeOrder: async ({ id, requestId }) =>
      presentOrder(await ask(() => orders.authorizeOrder({ id, paypalRequestId: requestId, prefer }))),

    async captureAuthorization({ authorizationId, amountCents, currency, requestId }) {
      const capture = await ask(() =>
        payments.captureAuthorizedPayment({
          authorizationId,
          paypalRequestId: requestId,
          prefer,
          body: {
            amount: { currencyCode: currency.toUpperCase(), value: amountOf(amountCents) },
            finalCapture: true,
          },
        }),
      );
      return { id: capture.id ?? "", status: capture.status ?? "COMPLETED" };
    },

    async refundCapture({ captureId, amountCents, currency, requestId }) {
      const refund = await ask(() =>
        payments.refundCapturedPayment({
          captureId,
          paypalRequestId: requestId,
          prefer,
          body: { amount: { currencyCode: currency.toUpperCase(), value: amountOf(amountCents) } },
        }),
      );
      return {
        id: refund.id ?? "",
        status: refund.status ?? "COMPLETED",
        amountCents: centsOf(refund.amount?.value) || amountCents,
      };
    },
  };
}
