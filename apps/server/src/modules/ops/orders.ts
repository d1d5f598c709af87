import { AppError } from "@mx/kit/errors";
import type { OrderToShip } from "@mx/shared/schemas/ops";
import type { Db } from "../../db/client";
import type { Mailer } from "../mail/mailer";
import { describeOrder } from "../shop/orders-command";
import { listOrdersToShip, OrderCommandError, shipOrder } from "../shop/ship-orders";
import { type Actor, audit } from "./audit";

/** The paid orders waiting to ship, oldest first, as `npm run orders` lists them. */
export async function ordersToShip(db: Db): Promise<OrderToShip[]> {
  return (await listOrdersToShip(db)).map((order) => ({
    id: order.id,
    number: order.number,
    email: order.email,
    amountCents: order.amountCents,
    createdAt: order.createdAt.toISOString(),
    description: describeOrder(order),
  }));
}

/** `npm run orders -- ship`: marks a paid order shipped and e-mails the customer, in the audit log. */
export async function markShipped(
  deps: { db: Db; mailer: Mailer },
  actor: Actor,
  orderId: string,
  shipment: { carrier: string; trackingNumber: string },
): Promise<{ number: string; emailed: boolean; alreadyShipped: boolean }> {
  try {
    const done = await shipOrder(deps, orderId, shipment);
    if (!done.alreadyShipped) {
      await audit(deps.db, actor, {
        action: "order.ship",
        targetType: "order",
        targetId: done.order.id,
        before: { status: "paid" },
        after: { status: "shipped", ...shipment },
      });
    }
    return { number: done.order.number, emailed: done.emailed, alreadyShipped: done.alreadyShipped };
  } catch (error) {
    if (error instanceof OrderCommandError) {
      throw new AppError(/^No order/.test(error.message) ? "NOT_FOUND" : "CONFLICT", error.message);
    }
    throw error;
  }
}
