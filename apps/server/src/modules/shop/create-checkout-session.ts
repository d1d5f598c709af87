import { paths } from "@mx/shared/routes";
import type { CreateCheckoutSessionBody, CreateCheckoutSessionData } from "@mx/shared/schemas/shop";
import { SHIPPING_RATES } from "@mx/shared/shop-shipping";
import { shopCheckouts } from "../../db/schema/shop";
import type { AppDeps } from "../../deps";
import { priceLines } from "./price-lines";

/**
 * Opens an embedded checkout at the processor for the lines asked for, priced from our catalogue, with our shipping
 * rates to choose from (the processor collects the US address and computes the sales tax), and keeps what was priced so the order can be written when the payment is reported. The processor is called outside any
 * transaction; a failure there leaves nothing behind.
 */
export async function createCheckoutSession(
  { db, gateway, config }: Pick<AppDeps, "db" | "gateway" | "config">,
  body: CreateCheckoutSessionBody,
): Promise<CreateCheckoutSessionData> {
  const { lines, amountCents } = priceLines(body.line_items);
  const email = body.customerEmail.trim();
  const session = await gateway.createCheckoutSession({
    lineItems: lines.map((line) => ({
      name: line.name,
      unitAmountCents: line.unitPriceCents,
      quantity: line.quantity,
    })),
    customerEmail: email,
    shippingRates: SHIPPING_RATES,
    returnUrl: `${config.publicUrl}${paths.return}?session_id={CHECKOUT_SESSION_ID}`,
    metadata: { source: "shop" },
  });
  await db
    .insert(shopCheckouts)
    .values({ sessionId: session.id, provider: gateway.kind, email, lines, amountCents })
    .onConflictDoNothing();
  return { clientSecret: session.clientSecret };
}
