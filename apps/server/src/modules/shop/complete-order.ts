import { newId } from "@mx/kit/secrets";
import type { GatewayCheckoutSession } from "@mx/processors/checkout-gateway";
import { and, eq, isNull } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/client";
import { shopCheckouts, shopOrderLines, shopOrders } from "../../db/schema/shop";
import type { AppDeps } from "../../deps";
import { accounts, type Entry, postJournal } from "../ledger/ledger";
import { deliverSoon } from "../outbox/deliver";
import { type QueuedMessage, queueMail } from "../outbox/queue-message";
import { providerOf } from "../payments/paypal-gateway";
import { orderConfirmationMail } from "./order-confirmation-mail";

export type RecordedOrder = { orderId: string; created: boolean };

/** A session whose money has been taken: complete, and paid (or free). */
const isPaid = (session: GatewayCheckoutSession) =>
  session.status === "complete" && session.paymentStatus !== "unpaid";

/**
 * Inside the caller's transaction: the order for a paid checkout session, written once, with its lines and a
 * balanced journal for the money, its checkout then ordered (the settle step of checkout-row.ts). However often the payment is reported (return page, reloads, repeated webhooks,
 * all at once), the unique session id lets exactly one call create the order; the others find it.
 * Null when the session is not paid yet, or is not one the shop opened.
 */
export async function recordShopOrder(
  tx: Tx,
  session: GatewayCheckoutSession,
  provider: string,
): Promise<RecordedOrder | null> {
  if (!isPaid(session)) return null;
  const [checkout] = await tx.select().from(shopCheckouts).where(eq(shopCheckouts.sessionId, session.id));
  if (!checkout) return null;

  // A checkout we priced ourselves (PayPal) keeps its own breakdown; otherwise the processor's figures stand.
  const figures = checkout.shipping
    ? {
        subtotalCents: checkout.amountCents,
        shippingCents: checkout.shippingCents ?? 0,
        taxCents: checkout.taxCents ?? 0,
        shipping: checkout.shipping,
      }
    : {
        subtotalCents: session.amountSubtotalCents,
        shippingCents: session.amountShippingCents,
        taxCents: session.amountTaxCents,
        shipping: session.shipping,
      };
  const [inserted] = await tx
    .insert(shopOrders)
    .values({
      id: newId(),
      checkoutSessionId: session.id,
      provider,
      email: session.customerEmail ?? checkout.email,
      amountCents: session.amountTotalCents,
      ...figures,
      currency: session.currency,
      status: "paid",
      paymentIntentId: session.paymentIntentId,
    })
    .onConflictDoNothing({ target: shopOrders.checkoutSessionId })
    .returning({ id: shopOrders.id });
  if (!inserted) {
    const [existing] = await tx
      .select({ id: shopOrders.id })
      .from(shopOrders)
      .where(eq(shopOrders.checkoutSessionId, session.id));
    if (!existing) throw new Error(`shop order for ${session.id} neither inserted nor found`);
    return { orderId: existing.id, created: false };
  }

  await tx.update(shopCheckouts).set({ state: "ordered" }).where(eq(shopCheckouts.id, checkout.id));
  await tx
    .insert(shopOrderLines)
    .values(checkout.lines.map((line) => ({ id: newId(), orderId: inserted.id, ...line })));
  if (session.amountTotalCents > 0) {
    // The sales tax is the state's, held until it is remitted; the goods and shipping are ours.
    const taxCents = Math.min(Math.max(figures.taxCents, 0), session.amountTotalCents);
    const entries: Entry[] = [
      { account: accounts.cardFunding, amountCents: -session.amountTotalCents },
      { account: accounts.platformRevenue, amountCents: session.amountTotalCents - taxCents },
    ];
    if (taxCents > 0) entries.push({ account: accounts.salesTaxPayable, amountCents: taxCents });
    await postJournal(tx, {
      kind: "shop_order",
      reference: session.id,
      memo: `shop order ${inserted.id}`,
      entries,
    });
  }
  return { orderId: inserted.id, created: true };
}

/**
 * Inside the caller's transaction: queues an order's confirmation e-mail unless it has been queued. The call that
 * marks it is the one that queues it, so concurrent calls queue one e-mail, sent once the transaction commits.
 * The queued message, or null when it was queued before.
 */
export async function queueOrderConfirmation(tx: Queryable, orderId: string): Promise<QueuedMessage | null> {
  const [order] = await tx
    .update(shopOrders)
    .set({ confirmationEmailSentAt: new Date() })
    .where(and(eq(shopOrders.id, orderId), isNull(shopOrders.confirmationEmailSentAt)))
    .returning();
  if (!order) return null;
  const lines = await tx
    .select({
      productId: shopOrderLines.productId,
      name: shopOrderLines.name,
      unitPriceCents: shopOrderLines.unitPriceCents,
      quantity: shopOrderLines.quantity,
    })
    .from(shopOrderLines)
    .where(eq(shopOrderLines.orderId, orderId))
    .orderBy(shopOrderLines.productId);
  return queueMail(tx, orderConfirmationMail({ ...order, lines }));
}

/**
 * A paid session becomes an order, once, and its customer gets one confirmation. Used wherever a payment is seen:
 * the return page's status read and the sandbox's payment form (the Stripe webhook posts through the same two
 * steps). The order and its e-mail are written together; the e-mail is sent after the commit, and retried from the
 * outbox if it fails.
 */
export async function completeOrder(
  deps: Pick<AppDeps, "db" | "mailer" | "gateway"> & {
    log?: { error: (obj: object, msg: string) => void };
  },
  session: GatewayCheckoutSession,
): Promise<RecordedOrder | null> {
  if (!isPaid(session)) return null;
  const provider = providerOf(deps.gateway, session.paymentIntentId);
  const { order, queued } = await deps.db.transaction(async (tx) => {
    const recorded = await recordShopOrder(tx, session, provider);
    return { order: recorded, queued: recorded ? await queueOrderConfirmation(tx, recorded.orderId) : null };
  });
  deliverSoon(deps, queued);
  return order;
}
