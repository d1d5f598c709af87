import type { GatewayCheckoutSession, GatewayCheckoutSessionStatus } from "@mx/processors/checkout-gateway";
import {
  type CardBrand,
  CardError,
  type CreateIntentInput,
  type GatewayCard,
  type GatewayIntent,
  type GatewayRefund,
  GatewayRequestError,
  type IntentStatus,
  type PaymentGateway,
  type RequirementCollection,
} from "@mx/processors/gateway";
import type { ShippingAddress } from "@mx/shared/schemas/shop";
import { SHIPPING_COUNTRIES } from "@mx/shared/shop-shipping";
import Stripe from "stripe";
import type { OrderShipping } from "../../db/schema/shop";
import { PAYMENT_INTENT_STATUSES } from "../../db/schema/states";
import { createStripePayouts } from "./stripe-payouts";

export type StripeGatewayOptions = {
  secretKey: string;
  publishableKey: string;
  /** Only for tests and local emulators, e.g. "http://127.0.0.1:43123": every request goes there instead. */
  apiBase?: string | null;
};

/** Stripe Tax's product codes: general tangible goods (the cap and stickers), and shipping. */
const GOODS_TAX_CODE = "txcd_99999999";
const SHIPPING_TAX_CODE = "txcd_92010001";

export const PROCESSOR_UNAVAILABLE = "The payment processor is not reachable. Please try again.";

const BRANDS: ReadonlySet<string> = new Set<CardBrand>([
  "visa",
  "mastercard",
  "amex",
  "discover",
  "diners",
  "jcb",
  "unionpay",
]);
const STATUSES: ReadonlySet<string> = new Set<IntentStatus>(PAYMENT_INTENT_STATUSES);

/** Where the SDK sends its requests: Stripe itself, or the emulator named by `apiBase`. */
function connection(
  apiBase: string | null | undefined,
): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "https:" ? "https" : "http";
  return { host: url.hostname, port: url.port || (protocol === "https" ? 443 : 80), protocol };
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === "string" ? value : value.id;

/** `controller.requirement_collection`, which Stripe shows only to the platform that controls the account. */
function collectionOf(account: Stripe.Account): RequirementCollection | null {
  const value: string | undefined = account.controller?.requirement_collection;
  if (value === "application") return "application";
  return value === "stripe" ? "stripe" : null;
}

function toCard(pm: Stripe.PaymentMethod): GatewayCard {
  const card = pm.card;
  if (!card) throw new GatewayRequestError("invalid_payment_method", "Only cards can be added.", 400);
  return {
    id: pm.id,
    brand: BRANDS.has(card.brand) ? (card.brand as CardBrand) : "other",
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    name: pm.billing_details?.name ?? null,
    funding: ["credit", "debit", "prepaid"].includes(card.funding) ? card.funding : "unknown",
  };
}

function toIntent(pi: Stripe.PaymentIntent): GatewayIntent {
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? "",
    // Any status a later API version adds is treated as "still in flight", never as money moved.
    status: STATUSES.has(pi.status) ? (pi.status as IntentStatus) : "processing",
    amountCents: pi.amount,
    capturedCents: pi.amount_received ?? 0,
    // Refunds live on the charge: read when the intent was fetched with `expand: ["latest_charge"]`.
    refundedCents:
      pi.latest_charge && typeof pi.latest_charge === "object" ? pi.latest_charge.amount_refunded : 0,
    currency: pi.currency,
    captureMethod: pi.capture_method === "manual" ? "manual" : "automatic",
    customerId: idOf(pi.customer),
    paymentMethodId: idOf(pi.payment_method),
    metadata: { ...(pi.metadata ?? {}) },
    nextActionUrl: pi.next_action?.redirect_to_url?.url ?? null,
  };
}

function toRefund(refund: Stripe.Refund, paymentIntentId: string): GatewayRefund {
  const status =
    refund.status === "succeeded"
      ? "succeeded"
      : refund.status === "failed" || refund.status === "canceled"
        ? "failed"
        : "pending";
  return {
    id: refund.id,
    paymentIntentId: idOf(refund.payment_intent) ?? paymentIntentId,
    amountCents: refund.amount,
    status,
  };
}

function toCheckoutStatus(status: string | null): GatewayCheckoutSessionStatus {
  // A status a later API version adds is treated as "not paid yet", never as money taken.
  return status === "complete" || status === "expired" ? status : "open";
}

/** The address Checkout collected and the rate chosen (read with `shipping_cost.shipping_rate` expanded). */
function toShipping(session: Stripe.Checkout.Session): OrderShipping | null {
  const details = session.collected_information?.shipping_details;
  if (!details?.address) return null;
  const { line1, line2, city, state, postal_code } = details.address;
  const rate = session.shipping_cost?.shipping_rate;
  const rateObject = rate && typeof rate === "object" ? rate : null;
  const address: ShippingAddress = {
    name: details.name,
    line1: line1 ?? "",
    city: city ?? "",
    state: state ?? "",
    postalCode: postal_code ?? "",
    // Checkout offers no other country (`allowed_countries`).
    country: "US",
  };
  if (line2) address.line2 = line2;
  return {
    address,
    rateId: rateObject?.metadata?.rate ?? null,
    rateName: rateObject?.display_name ?? null,
  };
}

function toCheckoutSession(session: Stripe.Checkout.Session): GatewayCheckoutSession {
  const paymentStatus: GatewayCheckoutSession["paymentStatus"] =
    session.payment_status === "paid"
      ? "paid"
      : session.payment_status === "no_payment_required"
        ? "no_payment_required"
        : "unpaid";
  const total = session.amount_total ?? 0;
  const shippingCents = session.total_details?.amount_shipping ?? session.shipping_cost?.amount_total ?? 0;
  const taxCents = session.total_details?.amount_tax ?? 0;
  return {
    id: session.id,
    status: toCheckoutStatus(session.status),
    paymentStatus,
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    amountSubtotalCents: session.amount_subtotal ?? total - shippingCents - taxCents,
    amountShippingCents: shippingCents,
    amountTaxCents: taxCents,
    amountTotalCents: total,
    shipping: toShipping(session),
    currency: session.currency ?? "usd",
    paymentIntentId: idOf(session.payment_intent),
    metadata: { ...(session.metadata ?? {}) },
  };
}

/** Any API key in a text, masked: Stripe's own messages may quote one ("Invalid API Key provided: sk_…"). */
const redactKeys = (text: string) =>
  text.replace(/\b(sk|rk|pk)_(test|live)_[A-Za-z0-9*]+/g, "$1_$2_[redacted]");

/** What the server log may keep of a Stripe error: its kind, code, status and request id, never headers or keys. */
function logSafe(error: unknown): Error {
  if (!(error instanceof Stripe.errors.StripeError)) {
    return new Error(redactKeys(error instanceof Error ? error.message : String(error)));
  }
  const parts = [error.type, error.statusCode, error.code, error.requestId].filter(
    (p) => p !== undefined && p !== null,
  );
  return new Error(`${parts.join(" ")}: ${redactKeys(error.message)}`);
}

/**
 * Stripe's errors in our words. Card refusals keep Stripe's message ("Your card was declined."); requests Stripe
 * refused keep Stripe's code and message; everything else (network, Stripe outage, our own keys or rate limits)
 * becomes one "not reachable" error, so no key or internal detail reaches a client.
 */
function translateStripeError(error: unknown): Error {
  if (error instanceof CardError || error instanceof GatewayRequestError) return error;
  const errors = Stripe.errors;
  let translated: Error;
  if (error instanceof errors.StripeCardError) {
    translated = new CardError(error.code ?? "card_declined", error.message, error.decline_code || undefined);
  } else if (error instanceof errors.StripeIdempotencyError) {
    translated = new GatewayRequestError("idempotency_error", redactKeys(error.message), 409);
  } else if (error instanceof errors.StripeInvalidRequestError) {
    const code = error.code ?? "invalid_request";
    translated = new GatewayRequestError(
      code,
      redactKeys(error.message),
      code === "resource_missing" ? 404 : 400,
    );
  } else {
    translated = new GatewayRequestError("processor_unavailable", PROCESSOR_UNAVAILABLE, 503);
  }
  // For the server's own log only; never sent to a client.
  translated.cause = logSafe(error);
  return translated;
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw translateStripeError(error);
  }
}

/** Request options carrying our idempotency key, when there is one. */
const keyed = (idempotencyKey: string | undefined): Stripe.RequestOptions | undefined =>
  idempotencyKey ? { idempotencyKey } : undefined;

/** The `stripe` adapter: Customers + PaymentMethods for cards, PaymentIntents (manual capture for bids), Refunds. */
export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    // With an emulator a failure should show at once; against Stripe the SDK retries with idempotency keys.
    maxNetworkRetries: options.apiBase ? 0 : 2,
    appInfo: { name: "manhattan-exchange" },
    ...connection(options.apiBase),
  });

  return {
    kind: "stripe",
    publishableKey: options.publishableKey,
    ...createStripePayouts(stripe, call),

    createCustomer: ({ email, name, userId }) =>
      call(async () => {
        const customer = await stripe.customers.create({ email, name, metadata: { userId } });
        return { id: customer.id };
      }),

    attachCard: ({ customerId, token }) =>
      call(async () => {
        let paymentMethodId: string;
        if (token.startsWith("tok_")) {
          const created = await stripe.paymentMethods.create({ type: "card", card: { token } });
          paymentMethodId = created.id;
        } else if (token.startsWith("pm_")) {
          paymentMethodId = token;
        } else {
          throw new GatewayRequestError("invalid_token", "The card token is not valid.", 400);
        }
        const attached = await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
        if (!attached.card) {
          await stripe.paymentMethods.detach(attached.id).catch(() => {});
        }
        return toCard(attached);
      }),

    detachCard: ({ paymentMethodId }) =>
      call(async () => {
        await stripe.paymentMethods.detach(paymentMethodId);
      }),

    createPaymentIntent: (input: CreateIntentInput) =>
      call(async () => {
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
        return toIntent(await stripe.paymentIntents.create(params, keyed(input.idempotencyKey)));
      }),

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

    createCheckoutSession: ({
      lineItems,
      customerEmail,
      customerId,
      shippingRates,
      returnUrl,
      metadata,
      idempotencyKey,
    }) =>
      call(async () => {
        const params: Stripe.Checkout.SessionCreateParams = {
          // "embedded_page" is what API versions from 2026-03-25 call the embedded form (formerly "embedded").
          ui_mode: "embedded_page",
          mode: "payment",
          ...(customerId
            ? {
                // The player's customer: Checkout offers the cards they saved (whatever their allow_redisplay: ours
                // are saved through the API, "unspecified") before a new one, and saves no new card to them. Stripe
                // takes the customer's e-mail then, and refuses customer_email beside it.
                customer: customerId,
                saved_payment_method_options: {
                  allow_redisplay_filters: ["always", "limited", "unspecified"],
                  payment_method_save: "disabled",
                  payment_method_remove: "disabled",
                },
              }
            : { customer_email: customerEmail }),
          return_url: returnUrl,
          // Priced by us, line by line, before tax; Stripe adds shipping and tax and takes the card.
          line_items: lineItems.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: "usd",
              unit_amount: line.unitAmountCents,
              tax_behavior: "exclusive",
              product_data: { name: line.name, tax_code: GOODS_TAX_CODE },
            },
          })),
          shipping_address_collection: { allowed_countries: [...SHIPPING_COUNTRIES] },
          shipping_options: shippingRates.map((rate) => ({
            shipping_rate_data: {
              type: "fixed_amount",
              display_name: rate.name,
              fixed_amount: { amount: rate.amountCents, currency: "usd" },
              delivery_estimate: {
                minimum: { unit: "business_day", value: rate.minDays },
                maximum: { unit: "business_day", value: rate.maxDays },
              },
              tax_behavior: "exclusive",
              tax_code: SHIPPING_TAX_CODE,
              metadata: { rate: rate.id },
            },
          })),
          // Stripe Tax: the rate of the shipping address (state, county, city), and whether shipping is taxed there.
          automatic_tax: { enabled: true },
        };
        if (metadata && Object.keys(metadata).length > 0) {
          params.metadata = metadata;
          params.payment_intent_data = { metadata };
        }
        const session = await stripe.checkout.sessions.create(params, keyed(idempotencyKey));
        if (!session.client_secret) {
          throw new GatewayRequestError("invalid_checkout_session", "Stripe returned no client secret.", 502);
        }
        return {
          id: session.id,
          clientSecret: session.client_secret,
          status: toCheckoutStatus(session.status),
        };
      }),

    retrieveCheckoutSession: (id) =>
      call(async () =>
        toCheckoutSession(
          await stripe.checkout.sessions.retrieve(id, { expand: ["shipping_cost.shipping_rate"] }),
        ),
      ),

    createConnectedAccount: ({ email, userId }) =>
      call(async () => {
        const account = await stripe.accounts.create({
          // An account the platform manages (what Custom accounts were): the platform collects its requirements
          // (through Stripe's hosted onboarding), so it may add and change the account's payout cards; the player
          // never signs in to Stripe; the platform pays Stripe's fees and answers for negative balances.
          controller: {
            requirement_collection: "application",
            stripe_dashboard: { type: "none" },
            fees: { payer: "application" },
            losses: { payments: "application" },
          },
          email,
          metadata: { userId },
          capabilities: { transfers: { requested: true } },
          // Payouts are made by us, one per withdrawal, right after the transfer that funds it.
          settings: { payouts: { schedule: { interval: "manual" } } },
        });
        return {
          id: account.id,
          requirementCollection: collectionOf(account) ?? "application",
        };
      }),

    createAccountLink: ({ accountId, returnUrl, refreshUrl }) =>
      call(async () => {
        const link = await stripe.accountLinks.create({
          account: accountId,
          return_url: returnUrl,
          refresh_url: refreshUrl,
          type: "account_onboarding",
        });
        return { url: link.url };
      }),

    retrieveAccount: (accountId) =>
      call(async () => {
        const account = await stripe.accounts.retrieve(accountId);
        const due = new Set([
          ...(account.requirements?.past_due ?? []),
          ...(account.requirements?.currently_due ?? []),
        ]);
        return {
          id: account.id,
          detailsSubmitted: account.details_submitted === true,
          payoutsEnabled: account.payouts_enabled === true,
          requirementCollection: collectionOf(account),
          requirementsDue: [...due],
        };
      }),
  };
}
