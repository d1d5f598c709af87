import type { CheckoutGateway, CreateCheckoutSessionInput } from "@mx/processors/checkout-gateway";
import { GatewayRequestError } from "@mx/processors/gateway";
import { SHIPPING_COUNTRIES } from "@mx/shared/shop-shipping";
import type Stripe from "stripe";
import { call, keyed } from "./stripe-call";
import { toCheckoutSession, toCheckoutStatus } from "./stripe-convert";

/** Stripe Tax's product codes: general tangible goods (the cap and stickers), and shipping. */
const GOODS_TAX_CODE = "txcd_99999999";
const SHIPPING_TAX_CODE = "txcd_92010001";

/** An embedded Checkout session's parameters: our lines and shipping rates, Stripe Tax on top. */
function checkoutParams({
  lineItems,
  customerEmail,
  customerId,
  shippingRates,
  returnUrl,
  metadata,
}: CreateCheckoutSessionInput): Stripe.Checkout.SessionCreateParams {
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
  return params;
}

/** The stripe adapter's shop checkout: embedded Checkout sessions, read back with the shipping rate chosen. */
export function stripeCheckout(stripe: Stripe): CheckoutGateway {
  return {
    createCheckoutSession: (input) =>
      call(async () => {
        const params = checkoutParams(input);
        const session = await stripe.checkout.sessions.create(params, keyed(input.idempotencyKey));
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
  };
}
