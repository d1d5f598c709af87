import { paths } from "@mx/shared/routes";
import type { CreateCheckoutSessionBody, CreateCheckoutSessionData } from "@mx/shared/schemas/shop";
import { SHIPPING_RATES } from "@mx/shared/shop-shipping";
import type { AppDeps } from "../../deps";
import { assertNotRestricted } from "../auth/restriction";
import { customerWithSavedCards } from "../cards/cards";
import { openAtProcessor, reserveCheckout } from "./checkout-row";
import { priceLines } from "./price-lines";

/**
 * Opens an embedded checkout at the processor for the lines asked for, priced from our catalogue, with our shipping
 * rates to choose from (the processor collects the US address and computes the sales tax). What was priced is kept
 * first, so the order can be written from it when the payment is reported; the processor is then asked under the
 * checkout's key, outside any transaction (see checkout-row.ts). A failure there abandons the checkout.
 * A signed-in player (`userId`) with saved cards gets a session for their customer at the processor, whose payment
 * form offers those cards first; anyone else gets the form for a new card. A restricted player is refused (403).
 */
export async function createCheckoutSession(
  { db, gateway, config }: Pick<AppDeps, "db" | "gateway" | "config">,
  body: CreateCheckoutSessionBody,
  userId: string | null = null,
): Promise<CreateCheckoutSessionData> {
  // A restricted player may not pay by card, with their saved cards or a new one.
  if (userId) await assertNotRestricted(db, userId, "payments");
  const { lines, amountCents } = priceLines(body.line_items);
  const email = body.customerEmail.trim();
  const customerId = userId ? await customerWithSavedCards(db, userId, gateway.kind) : null;
  const checkout = await reserveCheckout(db, { provider: gateway.kind, email, lines, amountCents });
  const session = await openAtProcessor(db, checkout, (row) =>
    gateway.createCheckoutSession({
      lineItems: lines.map((line) => ({
        name: line.name,
        unitAmountCents: line.unitPriceCents,
        quantity: line.quantity,
      })),
      customerEmail: email,
      ...(customerId ? { customerId } : {}),
      shippingRates: SHIPPING_RATES,
      returnUrl: `${config.publicUrl}${paths.return}?session_id={CHECKOUT_SESSION_ID}`,
      metadata: { source: "shop" },
      idempotencyKey: row.processorKey,
    }),
  );
  return { clientSecret: session.clientSecret };
}
