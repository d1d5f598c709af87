import type { ShippingAddress } from "@mx/shared/schemas/shop";
import type { TestApp } from "./harness";

let shopperCount = 0;

/** A shopper's email no other checkout of the run has used; `prefix` tells the suites apart. */
export function newShopper(prefix = "shopper"): string {
  shopperCount += 1;
  return `${prefix}${shopperCount}.${Date.now().toString(36)}@example.com`;
}

/** An address in a state without sales tax, so a test's total is its goods plus shipping. */
export const UNTAXED_ADDRESS: ShippingAddress = {
  name: "Ada Shopper",
  line1: "1 Pioneer Square",
  city: "Portland",
  state: "OR",
  postalCode: "97204",
  country: "US",
};

/** Gives a sandbox checkout its shipping address and rate, as the customer does in the payment form. */
export function shipSandboxCheckout(
  t: TestApp,
  clientSecret: string,
  address: unknown = UNTAXED_ADDRESS,
  shippingRate: unknown = "standard",
) {
  return t.call("POST", "/api/v1/sandbox/checkout/shipping", {
    body: { clientSecret, address, shippingRate },
  });
}

/**
 * Opens a checkout session for these lines, as the checkout page does; returns the session's client secret. On the
 * sandbox the customer's part of the form follows unless `ship` is false: the untaxed address, standard shipping.
 */
export async function createCheckout(
  t: TestApp,
  email: string,
  lineItems: Array<{ price: string; quantity: number }>,
  { ship = true }: { ship?: boolean } = {},
): Promise<string> {
  const res = await t.call("POST", "/api/v1/stripe/webhooks/create-checkout-session", {
    body: { customerEmail: email, line_items: lineItems },
  });
  if (res.statusCode !== 200) throw new Error(`create-checkout-session: ${res.statusCode} ${res.body}`);
  const clientSecret = res.json().data.clientSecret as string;
  if (ship && t.app.deps.gateway.kind === "sandbox") {
    const shipped = await shipSandboxCheckout(t, clientSecret);
    if (shipped.statusCode !== 200)
      throw new Error(`sandbox shipping: ${shipped.statusCode} ${shipped.body}`);
  }
  return clientSecret;
}
