import type { GatewayCheckoutSession, GatewayCheckoutSessionStatus } from "@mx/processors/checkout-gateway";
import {
  type CardBrand,
  type GatewayCard,
  type GatewayIntent,
  type GatewayRefund,
  GatewayRequestError,
  type IntentStatus,
  type RequirementCollection,
} from "@mx/processors/gateway";
import type { ShippingAddress } from "@mx/shared/schemas/shop";
import type Stripe from "stripe";
import type { OrderShipping } from "../../db/schema/shop";
import { PAYMENT_INTENT_STATUSES } from "../../db/schema/states";
import { idOf } from "./stripe-call";

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

/** `controller.requirement_collection`, which Stripe shows only to the platform that controls the account. */
export function collectionOf(account: Stripe.Account): RequirementCollection | null {
  const value: string | undefined = account.controller?.requirement_collection;
  if (value === "application") return "application";
  return value === "stripe" ? "stripe" : null;
}

/** A card payment method in the gateway's words; anything but a card is refused. */
export function toCard(pm: Stripe.PaymentMethod): GatewayCard {
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

/** A payment intent in the gateway's words. */
export function toIntent(pi: Stripe.PaymentIntent): GatewayIntent {
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

/** A refund in the gateway's words: succeeded, failed, or still pending. */
export function toRefund(refund: Stripe.Refund, paymentIntentId: string): GatewayRefund {
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

/** A Checkout session's status in the gateway's words. */
export function toCheckoutStatus(status: string | null): GatewayCheckoutSessionStatus {
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

/** A Checkout session in the gateway's words: its amounts, address, payment and metadata. */
export function toCheckoutSession(session: Stripe.Checkout.Session): GatewayCheckoutSession {
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
