import type { TestApp } from "./harness";

let shopperCount = 0;

/** A shopper's email no other checkout of the run has used; `prefix` tells the suites apart. */
export function newShopper(prefix = "shopper"): string {
  shopperCount += 1;
  return `${prefix}${shopperCount}.${Date.now().toString(36)}@example.com`;
}

/** Opens a checkout session for these lines, as the checkout page does; returns the session's client secret. */
export async function createCheckout(
  t: TestApp,
  email: string,
  lineItems: Array<{ price: string; quantity: number }>,
): Promise<string> {
  const res = await t.call("POST", "/api/v1/stripe/webhooks/create-checkout-session", {
    body: { customerEmail: email, line_items: lineItems },
  });
  if (res.statusCode !== 200) throw new Error(`create-checkout-session: ${res.statusCode} ${res.body}`);
  return res.json().data.clientSecret as string;
}
