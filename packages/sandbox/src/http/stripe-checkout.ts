import { GatewayRequestError } from "@mx/processors/gateway";
import type { ShippingRate } from "@mx/shared/shop-shipping";
import { eq } from "drizzle-orm";
import { sandboxCustomers } from "../schema";
import type { StripeCall, StripeHere } from "./stripe-context";
import { type CannedReply, expands, metadataOf, missing, ok } from "./stripe-replies";
import { renderSession } from "./stripe-shapes-checkout";

/* Stripe Checkout's sessions, answered by the sandbox. */

/** The line items of a session's form body (`line_items[i][price_data]…`). */
function lineItemsOf(body: Record<string, string>) {
  const lineItems: { name: string; unitAmountCents: number; quantity: number }[] = [];
  for (let i = 0; body[`line_items[${i}][quantity]`] !== undefined; i++) {
    lineItems.push({
      quantity: Number(body[`line_items[${i}][quantity]`]),
      unitAmountCents: Number(body[`line_items[${i}][price_data][unit_amount]`]),
      name: body[`line_items[${i}][price_data][product_data][name]`] ?? "",
    });
  }
  return lineItems;
}

/** The shipping rates of a session's form body (`shipping_options[i][shipping_rate_data]…`). */
function shippingRatesOf(body: Record<string, string>) {
  const shippingRates: ShippingRate[] = [];
  for (let i = 0; body[`shipping_options[${i}][shipping_rate_data][display_name]`] !== undefined; i++) {
    const field = (name: string) => body[`shipping_options[${i}][shipping_rate_data]${name}`];
    shippingRates.push({
      id: field("[metadata][rate]") ?? `rate_${i}`,
      name: field("[display_name]") ?? "",
      amountCents: Number(field("[fixed_amount][amount]") ?? 0),
      minDays: Number(field("[delivery_estimate][minimum][value]") ?? 0),
      maxDays: Number(field("[delivery_estimate][maximum][value]") ?? 0),
    });
  }
  return shippingRates;
}

/** POST /v1/checkout/sessions. */
async function createSession(here: StripeHere, { body, idempotencyKey }: StripeCall): Promise<CannedReply> {
  const lineItems = lineItemsOf(body);
  const shippingRates = shippingRatesOf(body);
  const metadata = metadataOf(body);
  // As Stripe: a session is for a customer or for an e-mail, and a customer's session takes its e-mail.
  if (body.customer !== undefined && body.customer_email !== undefined) {
    throw new GatewayRequestError(
      "parameter_unknown",
      "You may only specify one of these parameters: customer, customer_email.",
    );
  }
  let customerEmail = body.customer_email ?? "";
  if (body.customer !== undefined) {
    const [customer] = await here.db
      .select()
      .from(sandboxCustomers)
      .where(eq(sandboxCustomers.id, body.customer));
    if (!customer) return missing("customer", body.customer);
    customerEmail = customer.email;
  }
  const created = await here.sandbox.createCheckoutSession({
    lineItems,
    customerEmail,
    ...(body.customer !== undefined ? { customerId: body.customer } : {}),
    shippingRates,
    returnUrl: body.return_url ?? "",
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
  const row = await here.sessionRow(created.id);
  return row ? ok(renderSession(row, false)) : missing("checkout.session", created.id);
}

/** /v1/checkout/sessions: made, and read back (its shipping rate expanded when asked). The session's id is `action`. */
export async function checkoutSessions(here: StripeHere, call: StripeCall): Promise<CannedReply | null> {
  const { method, action: id, query } = call;
  if (method === "POST" && !id) return createSession(here, call);
  if (method === "GET" && id) {
    const row = await here.sessionRow(id);
    return row
      ? ok(renderSession(row, expands(query, "shipping_cost.shipping_rate")))
      : missing("checkout.session", id);
  }
  return null;
}
