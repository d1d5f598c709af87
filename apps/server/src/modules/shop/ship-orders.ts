import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type ShopLine, shopOrderLines, shopOrders } from "../../db/schema/shop";
import type { Mailer } from "../mail/mailer";
import { deliverOutboxMessage } from "../outbox/deliver";
import { queueMail } from "../outbox/queue-message";
import { type MailedOrder, orderNumber, orderShippedMail } from "./order-confirmation-mail";

export type OrderToShip = MailedOrder & {
  number: string;
  status: string;
  createdAt: Date;
  carrier: string | null;
  trackingNumber: string | null;
  shippedAt: Date | null;
};

/** A mistake in what the operator asked for: printed as it is, never a stack trace. */
export class OrderCommandError extends Error {}

type OrderRow = typeof shopOrders.$inferSelect;

async function withLines(db: Db, rows: OrderRow[]): Promise<OrderToShip[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(shopOrderLines)
    .where(
      inArray(
        shopOrderLines.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(shopOrderLines.productId));
  const byOrder = new Map<string, ShopLine[]>();
  for (const { orderId, productId, name, unitPriceCents, quantity } of lines) {
    byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), { productId, name, unitPriceCents, quantity }]);
  }
  return rows.map((row) => ({
    id: row.id,
    number: orderNumber(row.id),
    email: row.email,
    status: row.status,
    createdAt: row.createdAt,
    amountCents: row.amountCents,
    subtotalCents: row.subtotalCents,
    shippingCents: row.shippingCents,
    taxCents: row.taxCents,
    shipping: row.shipping,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    shippedAt: row.shippedAt,
    lines: byOrder.get(row.id) ?? [],
  }));
}

/** Paid orders waiting to ship, oldest first: what to pack next. */
export async function listOrdersToShip(db: Db, limit = 100): Promise<OrderToShip[]> {
  const rows = await db
    .select()
    .from(shopOrders)
    .where(eq(shopOrders.status, "paid"))
    .orderBy(asc(shopOrders.createdAt), asc(shopOrders.id))
    .limit(limit);
  return withLines(db, rows);
}

/** An order by the number the customer quotes (its id's first 8 characters) or by its whole id. */
async function findOrder(db: Db, reference: string): Promise<OrderToShip> {
  const ref = reference.trim().toLowerCase();
  if (!/^[0-9a-f-]{8,36}$/.test(ref)) {
    throw new OrderCommandError(`"${reference}" is not an order number (8 characters, like 3F9A1C2B).`);
  }
  const rows = await db
    .select()
    .from(shopOrders)
    .where(sql`${shopOrders.id}::text like ${`${ref}%`}`)
    .limit(2);
  if (rows.length === 0) throw new OrderCommandError(`No order ${reference.toUpperCase()}.`);
  if (rows.length > 1) {
    throw new OrderCommandError(`${reference.toUpperCase()} names more than one order: give its whole id.`);
  }
  const [order] = await withLines(db, rows);
  if (!order) throw new Error("an order without its lines");
  return order;
}

export type ShipResult = { order: OrderToShip; emailed: boolean; alreadyShipped: boolean };

/**
 * Marks a paid order shipped with its carrier and tracking number, then e-mails the customer, once. Running it again
 * with the same carrier and tracking number changes nothing and queues no second notice (one the mail server
 * refused is retried from the outbox); a different carrier or tracking number for a shipped order is refused.
 */
export async function shipOrder(
  { db, mailer }: { db: Db; mailer: Mailer },
  reference: string,
  shipment: { carrier: string; trackingNumber: string },
  now = new Date(),
): Promise<ShipResult> {
  const carrier = shipment.carrier.trim();
  const trackingNumber = shipment.trackingNumber.trim();
  if (!carrier || carrier.length > 50)
    throw new OrderCommandError("--carrier: give the carrier (at most 50 characters).");
  if (!trackingNumber || trackingNumber.length > 100) {
    throw new OrderCommandError("--tracking: give the tracking number (at most 100 characters).");
  }
  const found = await findOrder(db, reference);
  const [updated] = await db
    .update(shopOrders)
    .set({ status: "shipped", shippedAt: now, carrier, trackingNumber })
    .where(and(eq(shopOrders.id, found.id), eq(shopOrders.status, "paid")))
    .returning();
  let alreadyShipped = false;
  if (!updated) {
    const [current] = await db.select().from(shopOrders).where(eq(shopOrders.id, found.id));
    if (current?.status !== "shipped") {
      throw new OrderCommandError(
        `Order ${found.number} is ${current?.status ?? "gone"}, not waiting to ship.`,
      );
    }
    if (current.carrier !== carrier || current.trackingNumber !== trackingNumber) {
      throw new OrderCommandError(
        `Order ${found.number} already shipped with ${current.carrier} ${current.trackingNumber}.`,
      );
    }
    alreadyShipped = true;
  }
  const order = (await withLines(db, [updated ?? (await findRow(db, found.id))]))[0];
  if (!order) throw new Error("the shipped order vanished");

  // The one call that marks the notice sent queues it, in the same transaction. It is tried once here; if the mail
  // server is down, the outbox's sweep sends it later.
  const queued = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(shopOrders)
      .set({ shippedEmailSentAt: now })
      .where(and(eq(shopOrders.id, order.id), isNull(shopOrders.shippedEmailSentAt)))
      .returning({ id: shopOrders.id });
    return claimed ? queueMail(tx, orderShippedMail({ ...order, carrier, trackingNumber })) : null;
  });
  if (!queued) return { order, emailed: false, alreadyShipped };
  await deliverOutboxMessage({ db, mailer }, queued.id).catch(() => false);
  return { order, emailed: true, alreadyShipped };
}

async function findRow(db: Db, id: string): Promise<OrderRow> {
  const [row] = await db.select().from(shopOrders).where(eq(shopOrders.id, id));
  if (!row) throw new Error(`order ${id} vanished`);
  return row;
}
