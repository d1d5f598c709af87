import type { SandboxPaymentMethodRow } from "../payment-methods";
import type { sandboxPaymentIntents } from "../schema";
import { seconds } from "./stripe-replies";

/* The sandbox's payment methods and intents in Stripe's shape. */

export type IntentRow = typeof sandboxPaymentIntents.$inferSelect;

/** A payment method as Stripe returns it. */
export function renderPaymentMethod(row: SandboxPaymentMethodRow) {
  return {
    id: row.id,
    object: "payment_method",
    type: "card",
    created: seconds(row.createdAt),
    livemode: false,
    customer: row.customerId,
    metadata: {},
    allow_redisplay: "unspecified",
    billing_details: { address: null, email: null, name: row.name, phone: null, tax_id: null },
    card: {
      brand: row.brand,
      display_brand: row.brand,
      country: "US",
      exp_month: row.expMonth,
      exp_year: row.expYear,
      funding: row.funding,
      last4: row.last4,
      fingerprint: `fp_${row.last4}`,
      networks: { available: [row.brand], preferred: null },
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
  };
}

/** The intent's charge: there is one once the card was authorised or charged. */
function renderCharge(row: IntentRow) {
  if (row.status !== "requires_capture" && row.status !== "succeeded" && row.capturedCents === 0) return null;
  return {
    id: `ch_for_${row.id}`,
    object: "charge",
    amount: row.amountCents,
    amount_captured: row.capturedCents,
    amount_refunded: row.refundedCents,
    captured: row.capturedCents > 0,
    currency: row.currency,
    payment_intent: row.id,
    refunded: row.capturedCents > 0 && row.refundedCents >= row.capturedCents,
    status: "succeeded",
  };
}

/** A payment intent as Stripe returns it, its charge as an id or (expanded) in full. */
export function renderIntent(row: IntentRow, expandCharge: boolean) {
  const charge = renderCharge(row);
  return {
    id: row.id,
    object: "payment_intent",
    amount: row.amountCents,
    amount_capturable: row.status === "requires_capture" ? row.amountCents : 0,
    amount_received: row.capturedCents,
    automatic_payment_methods: { enabled: true, allow_redirects: "never" },
    canceled_at: row.status === "canceled" ? seconds(row.updatedAt) : null,
    capture_method: row.captureMethod,
    client_secret: row.clientSecret,
    confirmation_method: "automatic",
    created: seconds(row.createdAt),
    currency: row.currency,
    customer: row.customerId,
    latest_charge: charge && !expandCharge ? charge.id : charge,
    livemode: false,
    metadata: row.metadata,
    next_action:
      row.status === "requires_action"
        ? {
            type: "redirect_to_url",
            redirect_to_url: { url: `/sandbox/challenge/${row.id}`, return_url: null },
          }
        : null,
    payment_method: row.paymentMethodId,
    payment_method_types: ["card"],
    status: row.status,
  };
}
