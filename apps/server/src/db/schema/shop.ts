import type { OrderShipping } from "@mx/processors/checkout-gateway";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { shopCheckoutState, shopOrderStatus } from "./states";

export type { OrderShipping };

/** A line as the server priced it from the catalogue. */
export type ShopLine = { productId: number; name: string; unitPriceCents: number; quantity: number };

/**
 * A checkout the shop opened at the processor: what was asked for and at what price, kept until it is paid so the
 * order can be written from our own pricing, whichever of the return page or the webhook sees the payment first.
 * Written (reserved, with the key the processor is asked under) before the processor is asked; the processor's id
 * is noted once it answers.
 */
export const shopCheckouts = pgTable(
  "shop_checkouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The processor's checkout session (a card checkout) or PayPal order id; null until the processor answers. */
    sessionId: text("session_id").unique(),
    state: shopCheckoutState("state").notNull(),
    /** The idempotency key the processor is asked under: `shop:<id>`. */
    processorKey: text("processor_key").notNull().unique(),
    provider: text("provider").notNull(),
    email: text("email").notNull(),
    lines: jsonb("lines").$type<ShopLine[]>().notNull(),
    amountCents: integer("amount_cents").notNull(),
    /**
     * Set when we, not the processor, priced shipping and tax (PayPal): the address, the rate and the figures the
     * order is charged. Null for a card checkout, whose processor collects them.
     */
    shipping: jsonb("shipping").$type<OrderShipping>(),
    shippingCents: integer("shipping_cents"),
    taxCents: integer("tax_cents"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Recovery's sweep: the checkouts still reserved or open, oldest first.
    index("shop_checkouts_unsettled_idx").on(t.createdAt).where(sql`${t.state} in ('reserved', 'open')`),
  ],
);

/** A paid order: one per checkout session, however many times its completion is reported. */
export const shopOrders = pgTable(
  "shop_orders",
  {
    id: uuid("id").primaryKey(),
    checkoutSessionId: text("checkout_session_id").notNull().unique(),
    provider: text("provider").notNull(),
    email: text("email").notNull(),
    /** What the processor took, in cents: the goods, shipping and tax. */
    amountCents: integer("amount_cents").notNull(),
    subtotalCents: integer("subtotal_cents").notNull().default(0),
    shippingCents: integer("shipping_cents").notNull().default(0),
    taxCents: integer("tax_cents").notNull().default(0),
    /** Where it goes; null only for orders taken before checkout asked for an address. */
    shipping: jsonb("shipping").$type<OrderShipping>(),
    currency: text("currency").notNull(),
    status: shopOrderStatus("status").notNull(),
    paymentIntentId: text("payment_intent_id"),
    /** Set by the one call that sends the confirmation; cleared again if sending failed, so a later call retries. */
    confirmationEmailSentAt: timestamp("confirmation_email_sent_at", { withTimezone: true }),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    /** As the confirmation's: set by the one call that sends the shipping notice, cleared if sending failed. */
    shippedEmailSentAt: timestamp("shipped_email_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("shop_orders_email_idx").on(t.email, t.createdAt),
    index("shop_orders_status_idx").on(t.status, t.createdAt),
  ],
);

export const shopOrderLines = pgTable(
  "shop_order_lines",
  {
    id: uuid("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => shopOrders.id),
    productId: integer("product_id").notNull(),
    name: text("name").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [index("shop_order_lines_order_idx").on(t.orderId)],
);
