import { crashPoint } from "@mx/kit/crash-points";
import type { ProcessorNotices } from "@mx/processors/gateway";
import type { SandboxCheckoutPayBody, SandboxCheckoutPayData } from "./api";
import { paySandboxCheckoutSession } from "./checkout-payment";
import type { Db } from "./db";

/**
 * The sandbox's embedded payment form submits here: the session is paid with the card token (a refused card throws
 * the card's message, as Stripe's form shows it), and the platform hears of it at once, as it would from Stripe's
 * `checkout.session.completed` webhook.
 */
export async function paySandboxCheckout(
  db: Db,
  notices: ProcessorNotices,
  body: SandboxCheckoutPayBody,
): Promise<SandboxCheckoutPayData> {
  const session = await paySandboxCheckoutSession(db, body);
  // Paid: if the process stops here, recoverShopOrders writes the order from the paid session.
  crashPoint("shop.paid");
  await notices.checkoutCompleted(session);
  return { sessionId: session.id, status: session.status };
}
