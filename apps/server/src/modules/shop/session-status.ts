import { AppError } from "@mx/kit/errors";
import type { SessionStatusData } from "@mx/shared/schemas/shop";
import { eq } from "drizzle-orm";
import { shopCheckouts } from "../../db/schema/shop";
import { completeOrder } from "./complete-order";
import { orderNumber } from "./order-confirmation-mail";

const UNKNOWN_SESSION = "No such checkout session.";

/**
 * Where a shop checkout stands, read from the processor: its status and customer_email. A paid session is
 * turned into its order here too, so the order exists even where no webhook reaches us; reading again changes
 * nothing. Only sessions the shop opened are answered.
 */
export async function readSessionStatus(
  deps: Parameters<typeof completeOrder>[0],
  sessionId: string,
): Promise<SessionStatusData> {
  const [checkout] = await deps.db
    .select({ email: shopCheckouts.email })
    .from(shopCheckouts)
    .where(eq(shopCheckouts.sessionId, sessionId));
  if (!checkout) throw new AppError("NOT_FOUND", UNKNOWN_SESSION);
  const session = await deps.gateway.retrieveCheckoutSession(sessionId);
  const order = await completeOrder(deps, session);
  return {
    status: session.status,
    customer_email: session.customerEmail ?? checkout.email,
    orderNumber: order ? orderNumber(order.orderId) : null,
  };
}
