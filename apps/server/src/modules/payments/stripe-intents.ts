import type { CreateIntentInput, PaymentGateway } from "@mx/processors/gateway";
import type Stripe from "stripe";
import { call, keyed } from "./stripe-call";
import { toIntent, toRefund } from "./stripe-convert";

/** The intents and refunds the stripe adapter answers for. */
type IntentMethods = Pick<
  PaymentGateway,
  | "createPaymentIntent"
  | "confirmPaymentIntent"
  | "retrievePaymentIntent"
  | "findPaymentIntent"
  | "listPaymentIntents"
  | "capturePaymentIntent"
  | "cancelPaymentIntent"
  | "refund"
>;

/** A create call's parameters: the card confirmed at once when one is given, the operation's key in the metadata. */
function intentParams(input: CreateIntentInput): Stripe.PaymentIntentCreateParams {
  const params: Stripe.PaymentIntentCreateParams = {
    amount: input.amountCents,
    currency: input.currency.toLowerCase(),
    customer: input.customerId,
    capture_method: input.captureMethod,
    // Cards only need no redirect; with redirects off Stripe confirms here without a return_url.
    automatic_payment_methods: { enabled: true, allow_redirects: "never" },
  };
  // The operation's key goes into the metadata too: Stripe cannot be asked for an intent by idempotency key,
  // but it can be searched by metadata (findPaymentIntent).
  const metadata = {
    ...(input.metadata ?? {}),
    ...(input.idempotencyKey ? { operation: input.idempotencyKey } : {}),
  };
  if (Object.keys(metadata).length > 0) params.metadata = metadata;
  if (input.paymentMethodId) {
    params.payment_method = input.paymentMethodId;
    params.confirm = true;
  }
  return params;
}

/** The stripe adapter's PaymentIntents (manual capture for bids) and Refunds. */
export function stripeIntents(stripe: Stripe): IntentMethods {
  return {
    createPaymentIntent: (input: CreateIntentInput) =>
      call(async () =>
        toIntent(await stripe.paymentIntents.create(intentParams(input), keyed(input.idempotencyKey))),
      ),

    confirmPaymentIntent: ({ id, paymentMethodId }) =>
      call(async () =>
        toIntent(await stripe.paymentIntents.confirm(id, { payment_method: paymentMethodId })),
      ),

    retrievePaymentIntent: (id) =>
      call(async () => toIntent(await stripe.paymentIntents.retrieve(id, { expand: ["latest_charge"] }))),

    findPaymentIntent: ({ operation }) =>
      call(async () => {
        const found = await stripe.paymentIntents.search({
          query: `metadata['operation']:'${operation.replace(/['\\]/g, "")}'`,
          limit: 1,
          expand: ["data.latest_charge"],
        });
        const first = found.data[0];
        return first ? toIntent(first) : null;
      }),

    listPaymentIntents: ({ createdFrom, createdTo }) =>
      call(async () => {
        const all: Stripe.PaymentIntent[] = [];
        await stripe.paymentIntents
          .list({
            created: {
              gte: Math.floor(createdFrom.getTime() / 1000),
              lte: Math.ceil(createdTo.getTime() / 1000),
            },
            limit: 100,
            expand: ["data.latest_charge"],
          })
          .autoPagingEach((pi) => {
            all.push(pi);
          });
        return all.map(toIntent).reverse();
      }),

    capturePaymentIntent: ({ id, amountCents, idempotencyKey }) =>
      call(async () => {
        const params: Stripe.PaymentIntentCaptureParams = {};
        if (amountCents !== undefined) params.amount_to_capture = amountCents;
        return toIntent(await stripe.paymentIntents.capture(id, params, keyed(idempotencyKey)));
      }),

    cancelPaymentIntent: ({ id, idempotencyKey }) =>
      call(async () => toIntent(await stripe.paymentIntents.cancel(id, {}, keyed(idempotencyKey)))),

    refund: ({ paymentIntentId, amountCents, idempotencyKey }) =>
      call(async () => {
        const params: Stripe.RefundCreateParams = { payment_intent: paymentIntentId };
        if (amountCents !== undefined) params.amount = amountCents;
        return toRefund(await stripe.refunds.create(params, keyed(idempotencyKey)), paymentIntentId);
      }),
  };
}
