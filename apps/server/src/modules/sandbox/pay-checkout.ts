import type { SandboxCheckoutPayBody, SandboxCheckoutPayData } from "@mx/shared/schemas/shop";
import { crashPoint } from "../../lib/crash-points";
import { completeOrder } from "../shop/complete-order";
import { paySandboxCheckoutSession } from "./checkout";

/**
 * The sandbox's embedded payment form submits here: the session is paid with the card token (a refused card throws
 * the card's message, as Stripe's form shows it), and the order is completed at once, as Stripe's
 * `checkout.session.completed` webhook would.
 */
export async function paySandboxCheckout(
  deps: Parameters<typeof completeOrder>[0],
  body: SandboxCheckoutPayBody,
): Promise<SandboxCheckoutPayData> {
  const session = await paySandboxCheckoutSession(deps.db, body);
  // Paid: if the process stops here, recoverShopOrders writes the order from the paid session.
  crashPoint("shop.paid");
  await completeOrder(deps, session);
  return { sessionId: session.id, status: session.status };
}
