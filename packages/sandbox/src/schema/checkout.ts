import type { OrderShipping } from "@mx/processors/checkout-gateway";
import type { ShippingRate } from "@mx/shared/shop-shipping";
import { integer, jsonb, text, timestamp } from "drizzle-orm/pg-core";
import { checkoutPaymentStatus, checkoutStatus, sandbox } from "./sandbox-schema";

/**
 * The sandbox processor's checkout sessions, kept as Stripe keeps them: the priced lines it was asked to take
 * payment for, the customer's e-mail, and where it stands (open → complete, or expired after 24 hours).
 */
export const sandboxCheckoutSessions = sandbox.table("checkout_sessions", {
  id: text("id").primaryKey(),
  clientSecret: text("client_secret").notNull().unique(),
  status: checkoutStatus("status").notNull(),
  paymentStatus: checkoutPaymentStatus("payment_status").notNull(),
  customerEmail: text("customer_email"),
  /** The customer the session was opened for: the payment form offers that customer's saved cards. */
  customerId: text("customer_id"),
  lineItems: jsonb("line_items")
    .$type<{ name: string; unitAmountCents: number; quantity: number }[]>()
    .notNull(),
  /** The lines' sum; the total adds the chosen shipping and the tax. */
  amountSubtotalCents: integer("amount_subtotal_cents").notNull().default(0),
  amountShippingCents: integer("amount_shipping_cents").notNull().default(0),
  amountTaxCents: integer("amount_tax_cents").notNull().default(0),
  /** Thousandths of a percent, once an address is known. */
  taxRate: integer("tax_rate"),
  amountTotalCents: integer("amount_total_cents").notNull(),
  /** The rates the customer may choose from (Stripe's `shipping_options`); empty: nothing to ship. */
  shippingOptions: jsonb("shipping_options").$type<ShippingRate[]>().notNull().default([]),
  /** The address and rate the customer gave; required before paying when there are rates to choose from. */
  shipping: jsonb("shipping").$type<OrderShipping>(),
  currency: text("currency").notNull(),
  returnUrl: text("return_url").notNull(),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
  idempotencyKey: text("idempotency_key").unique(),
  paymentIntentId: text("payment_intent_id"),
  /** Set while a payment is being taken, so two submissions of the form charge the card once. */
  payingSince: timestamp("paying_since", { withTimezone: true }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  completedAt: timestamp("completed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
