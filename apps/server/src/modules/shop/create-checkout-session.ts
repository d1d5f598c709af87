import { paths } from "@mx/shared/routes";
import type { CreateCheckoutSessionBody, CreateCheckoutSessionData } from "@mx/shared/schemas/shop";
import { SHIPPING_RATES } from "@mx/shared/shop-shipping";
import type { AppDeps } from "../../deps";
import { openAtProcessor, reserveCheckout } from "./checkout-row";
import { priceLines } from "./price-lines";

/**
 * Opens an embedded checkout at the processor for the lines asked for, priced from our catalogue, with our shipping
 * rates to choose from (the processor collects the US address and computes the sales tax). What was priced is kept
 * first, so the order can be written from it when the payment is reported; the processor is then asked under the
 * checkout's key, outside any transaction (see checkout-row.ts). A failure there abandons the checkout.
 */
export async function createCheckoutSession(
  { db, gateway, config }: Pick<AppDeps, "db" | "gateway" | "config">,
  body: CreateCheckoutSessionBody,
): Promise<CreateCheckoutSessionData> {
  const { lines, amountCents } = priceLines(body.line_items);
  const email = body.customerEmail.trim();
  const checkout = await reserveCheckout(db, { provider: gateway.kind, email, lines, amountCents });
  const session = await openAtProcessor(db, checkout, (row) =>
    gateway.createCheckoutSession({
      lineItems: lines.map((line) => ({
        name: line.name,
        unitAmountCents: line.unitPriceCents,
        quantity: line.quantity,
      })),
      customerEmail: email,
      shippingRates: SHIPPING_RATES,
      returnUrl: `${config.publicUrl}${paths.return}?session_id={CHECKOUT_SESSION_ID}`,
      metadata: { source: "shop" },
      idempotencyKey: row.processorKey,
    }),
  );
  return { clientSecret: session.clientSecret };
}
