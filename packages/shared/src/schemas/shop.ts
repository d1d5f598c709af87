import { z } from "zod";
import { MAX_CART_QUANTITY, MIN_CART_QUANTITY } from "../constants";
import { findProductByPriceId, SHOP_PRODUCTS } from "../shop";
import { Email } from "./auth";

/** A catalogue product as the API serves it (spec §3): `price` in dollars. */
export const ShopProductData = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number(),
  priceId: z.string(),
  description: z.string(),
  dimensions: z.string(),
  images: z.array(z.string()),
  badge: z.string(),
});
export type ShopProductData = z.infer<typeof ShopProductData>;
export const ShopProductsData = z.object({ products: z.array(ShopProductData) });
export type ShopProductsData = z.infer<typeof ShopProductsData>;

const quantityRange = `must be between ${MIN_CART_QUANTITY} and ${MAX_CART_QUANTITY}`;

/**
 * One checkout line: a catalogue price reference and how many. Strict: a line carrying its own amount or unit price
 * is refused, since the server prices every line from the catalogue.
 */
export const CheckoutLineItem = z.strictObject({
  price: z
    .string()
    .max(100)
    .refine((priceId) => findProductByPriceId(priceId) !== undefined, { error: "unknown price" }),
  quantity: z
    .number()
    .int({ error: "must be a whole number" })
    .min(MIN_CART_QUANTITY, { error: quantityRange })
    .max(MAX_CART_QUANTITY, { error: quantityRange }),
});
export type CheckoutLineItem = z.infer<typeof CheckoutLineItem>;

/** Spec §7: `customerEmail` and `line_items` [{price, quantity}]. */
export const CreateCheckoutSessionBody = z.strictObject({
  customerEmail: Email,
  line_items: z
    .array(CheckoutLineItem)
    .min(1, { error: "must hold at least one item" })
    .max(SHOP_PRODUCTS.length, { error: `must hold at most ${SHOP_PRODUCTS.length} items` })
    .superRefine((lines, ctx) => {
      const seen = new Set<string>();
      lines.forEach((line, index) => {
        if (seen.has(line.price)) {
          ctx.addIssue({ code: "custom", message: "appears more than once", path: [index, "price"] });
        }
        seen.add(line.price);
      });
    }),
});
export type CreateCheckoutSessionBody = z.infer<typeof CreateCheckoutSessionBody>;
export const CreateCheckoutSessionData = z.object({ clientSecret: z.string() });
export type CreateCheckoutSessionData = z.infer<typeof CreateCheckoutSessionData>;

export const CHECKOUT_SESSION_STATUSES = ["open", "complete", "expired"] as const;
export type CheckoutSessionStatus = (typeof CHECKOUT_SESSION_STATUSES)[number];

export const SessionStatusQuery = z.strictObject({
  session_id: z.string().trim().min(1, { error: "is required" }).max(255),
});
/** Spec §3: `status` and `customer_email`. */
export const SessionStatusData = z.object({
  status: z.enum(CHECKOUT_SESSION_STATUSES),
  customer_email: z.string().nullable(),
});
export type SessionStatusData = z.infer<typeof SessionStatusData>;

/** The sandbox's embedded payment form: what the session asks to be paid (Stripe's form shows the same). */
export const SandboxCheckoutSessionQuery = z.strictObject({
  client_secret: z.string().trim().min(1, { error: "is required" }).max(255),
});
export const SandboxCheckoutSessionData = z.object({
  id: z.string(),
  status: z.enum(CHECKOUT_SESSION_STATUSES),
  customerEmail: z.string().nullable(),
  currency: z.string(),
  amountTotalCents: z.number().int(),
  lineItems: z.array(z.object({ name: z.string(), unitAmountCents: z.number().int(), quantity: z.number() })),
});
export type SandboxCheckoutSessionData = z.infer<typeof SandboxCheckoutSessionData>;

/** Pays a sandbox checkout session with a card token from `POST /sandbox/tokens`. */
export const SandboxCheckoutPayBody = z.strictObject({
  clientSecret: z.string().trim().min(1, { error: "is required" }).max(255),
  token: z.string().trim().min(1, { error: "is required" }).max(255),
});
export type SandboxCheckoutPayBody = z.infer<typeof SandboxCheckoutPayBody>;
export const SandboxCheckoutPayData = z.object({
  sessionId: z.string(),
  status: z.enum(CHECKOUT_SESSION_STATUSES),
});
export type SandboxCheckoutPayData = z.infer<typeof SandboxCheckoutPayData>;

/** After the customer approved a shop checkout at PayPal: the checkout's id (our id of the PayPal order). */
export const ConfirmPaypalCheckoutBody = z.strictObject({
  checkoutId: z.string().regex(/^paypal_[A-Z0-9]{1,40}$/, { error: "must be a PayPal checkout id" }),
});
export const PaypalCheckoutData = z.object({
  orderId: z.string(),
  status: z.literal("complete"),
  customer_email: z.string(),
});
export type PaypalCheckoutData = z.infer<typeof PaypalCheckoutData>;
