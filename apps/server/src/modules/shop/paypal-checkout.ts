import { AppError } from "@mx/kit/errors";
import { CardError } from "@mx/processors/gateway";
import { CURRENCY } from "@mx/shared/constants";
import { api } from "@mx/shared/routes";
import type { ActionRequiredData } from "@mx/shared/schemas/payments";
import type { PaypalCheckoutBody, ShippingAddress } from "@mx/shared/schemas/shop";
import { findShippingRate, statewideSalesTaxCents } from "@mx/shared/shop-shipping";
import { and, eq } from "drizzle-orm";
import { shopCheckouts } from "../../db/schema/shop";
import type { AppDeps } from "../../deps";
import { actionOf, withConfirm } from "../payments/bank-check";
import {
  confirmApproved,
  PAYPAL_CANCELLED,
  PAYPAL_METHOD,
  sessionOfIntent,
} from "../payments/paypal-gateway";
import { PAYMENT_PROCESSING } from "../properties/buy-property";
import { openAtProcessor, reserveCheckout } from "./checkout-row";
import { completeOrder } from "./complete-order";
import { priceLines } from "./price-lines";

export type PaypalCheckoutResult =
  | { action: ActionRequiredData }
  | { orderId: string; status: "complete"; customer_email: string };

/**
 * The shop's checkout with PayPal: an order (intent CAPTURE) for the lines priced from our catalogue, the shipping
 * rate chosen and the sales tax for the address, which the checkout page took before PayPal. PayPal computes no tax:
 * it is the statewide rate on the goods (statewideSalesTaxCents), the rule the sandbox's card form charges. PayPal is
 * sent the amount broken down (item total, shipping, tax) and the address, which the payer cannot change there.
 * Nothing is taken until the customer approves at PayPal and we capture. The checkout, with its address and figures,
 * is written before PayPal is asked, and the order's id is noted on it once PayPal answers (checkout-row.ts), so the
 * capture (in the confirm) always has its row, and recovery (recover-orders) writes the order of a capture whose
 * request stopped. The session id of a PayPal checkout is PayPal's id of its order.
 */
export async function startPaypalCheckout(
  deps: Pick<AppDeps, "db" | "gateway">,
  body: PaypalCheckoutBody,
): Promise<PaypalCheckoutResult> {
  if (!deps.gateway.paypal) throw new AppError("BAD_REQUEST", "PayPal is not offered here.");
  const { lines, amountCents: subtotalCents } = priceLines(body.line_items);
  const rate = findShippingRate(body.shippingRate);
  if (!rate) throw new AppError("VALIDATION_FAILED", "shippingRate: unknown shipping rate");
  const address: ShippingAddress = { ...body.address };
  if (!address.line2) delete address.line2;
  const taxCents = statewideSalesTaxCents(subtotalCents, address.state);
  const email = body.customerEmail.trim();
  const checkout = await reserveCheckout(deps.db, {
    provider: "paypal",
    email,
    lines,
    amountCents: subtotalCents,
    shipping: { address, rateId: rate.id, rateName: rate.name },
    shippingCents: rate.amountCents,
    taxCents,
  });
  const intent = await openAtProcessor(deps.db, checkout, (row) =>
    deps.gateway.createPaymentIntent({
      amountCents: subtotalCents + rate.amountCents + taxCents,
      currency: CURRENCY,
      customerId: "",
      paymentMethodId: PAYPAL_METHOD,
      captureMethod: "automatic",
      metadata: { purpose: "shop" },
      idempotencyKey: row.processorKey,
      goods: {
        items: lines.map((line) => ({
          name: line.name,
          unitAmountCents: line.unitPriceCents,
          quantity: line.quantity,
        })),
        shippingCents: rate.amountCents,
        taxCents,
        shipTo: address,
      },
    }),
  );
  return { action: withConfirm(actionOf(intent), api.confirmPaypalCheckout, { checkoutId: intent.id }) };
}

/**
 * After the customer approved at PayPal: the order is captured (keyed by the order, so a confirmation sent twice
 * takes the money once), and the paid checkout becomes its shop order, with its confirmation e-mail.
 */
export async function confirmPaypalCheckout(
  deps: Parameters<typeof completeOrder>[0],
  checkoutId: string,
): Promise<PaypalCheckoutResult> {
  const [checkout] = await deps.db
    .select()
    .from(shopCheckouts)
    .where(and(eq(shopCheckouts.sessionId, checkoutId), eq(shopCheckouts.provider, "paypal")));
  if (!checkout) throw new AppError("NOT_FOUND", "No such PayPal checkout.");
  const intent = await confirmApproved(
    deps,
    await deps.gateway.retrievePaymentIntent(checkoutId),
    async () => {},
  );
  switch (intent.status) {
    case "succeeded": {
      const order = await completeOrder(deps, sessionOfIntent(intent));
      if (!order) throw new Error(`the paid PayPal checkout ${checkoutId} has no order`);
      return { orderId: order.orderId, status: "complete", customer_email: checkout.email };
    }
    case "requires_action":
      return { action: withConfirm(actionOf(intent), api.confirmPaypalCheckout, { checkoutId }) };
    case "processing":
      throw new AppError("PAYMENT_PROCESSING", PAYMENT_PROCESSING);
    default:
      throw new CardError("authentication_failed", PAYPAL_CANCELLED);
  }
}
