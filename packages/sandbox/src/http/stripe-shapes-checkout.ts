import type { ShippingRate } from "@mx/shared/shop-shipping";
import type { sandboxCheckoutSessions } from "../schema";
import { seconds } from "./stripe-replies";

/* The sandbox's checkout sessions in Stripe's shape. */

export type SessionRow = typeof sandboxCheckoutSessions.$inferSelect;

/** A shipping rate as Stripe returns it. */
function renderShippingRate(rate: ShippingRate) {
  return {
    id: `shr_${rate.id}`,
    object: "shipping_rate",
    active: true,
    display_name: rate.name,
    delivery_estimate: {
      minimum: { unit: "business_day", value: rate.minDays },
      maximum: { unit: "business_day", value: rate.maxDays },
    },
    fixed_amount: { amount: rate.amountCents, currency: "usd" },
    metadata: { rate: rate.id },
    tax_behavior: "exclusive",
    type: "fixed_amount",
  };
}

/** A checkout session as Stripe returns it, its shipping rate as an id or (expanded) in full. */
export function renderSession(row: SessionRow, expandRate: boolean) {
  const status = row.status === "open" && row.expiresAt.getTime() <= Date.now() ? "expired" : row.status;
  const rate = row.shipping?.rateId ? row.shippingOptions.find((o) => o.id === row.shipping?.rateId) : null;
  const address = row.shipping?.address;
  return {
    id: row.id,
    object: "checkout.session",
    amount_subtotal: row.amountSubtotalCents,
    amount_total: row.amountTotalCents,
    client_secret: row.clientSecret,
    collected_information: address
      ? {
          shipping_details: {
            name: address.name,
            address: {
              line1: address.line1,
              line2: address.line2 ?? null,
              city: address.city,
              state: address.state,
              postal_code: address.postalCode,
              country: address.country,
            },
          },
        }
      : null,
    created: seconds(row.createdAt),
    currency: row.currency,
    customer: row.customerId,
    customer_details:
      row.status === "complete" ? { email: row.customerEmail, name: address?.name ?? null } : null,
    customer_email: row.customerId ? null : row.customerEmail,
    expires_at: seconds(row.expiresAt),
    livemode: false,
    metadata: row.metadata,
    mode: "payment",
    payment_intent: row.paymentIntentId,
    payment_status: row.paymentStatus,
    return_url: row.returnUrl,
    shipping_cost: rate
      ? {
          amount_subtotal: rate.amountCents,
          amount_tax: 0,
          amount_total: rate.amountCents,
          shipping_rate: expandRate ? renderShippingRate(rate) : `shr_${rate.id}`,
        }
      : null,
    shipping_options: row.shippingOptions.map((o) => ({
      shipping_amount: o.amountCents,
      shipping_rate: `shr_${o.id}`,
    })),
    status,
    total_details: {
      amount_discount: 0,
      amount_shipping: row.amountShippingCents,
      amount_tax: row.amountTaxCents,
    },
    ui_mode: "embedded_page",
  };
}
