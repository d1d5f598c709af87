import { z } from "zod";
import { MAX_CART_QUANTITY, MIN_CART_QUANTITY } from "../constants";
import { findProductByPriceId, SHOP_PRODUCTS } from "../shop";
import { findShippingRate, POSTAL_CODE_PATTERN, SHIPPING_COUNTRIES, US_STATE_CODES } from "../shop-shipping";
import { Email } from "./auth";

/** A catalogue product as the API serves it: `price` in dollars (docs/decisions/0008-shop-catalogue-and-cart.md). */
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

/** The client's body to open a checkout: `customerEmail` and `line_items` [{price, quantity}], as it names them. */
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

/** A checkout session's states, as Stripe names them. */
export const CHECKOUT_SESSION_STATUSES = ["open", "complete", "expired"] as const;

export const SessionStatusQuery = z.strictObject({
  session_id: z.string().trim().min(1, { error: "is required" }).max(255),
});
/**
 * What the return page reads: `status` and `customer_email`. A paid one also names its order, as the customer
 * quotes it.
 */
export const SessionStatusData = z.object({
  status: z.enum(CHECKOUT_SESSION_STATUSES),
  customer_email: z.string().nullable(),
  orderNumber: z.string().nullable(),
});
export type SessionStatusData = z.infer<typeof SessionStatusData>;

/** A US shipping address as a checkout collects it. */
export const ShippingAddress = z.strictObject({
  name: z.string().trim().min(1, { error: "is required" }).max(100),
  line1: z.string().trim().min(1, { error: "is required" }).max(200),
  line2: z.string().trim().max(200).optional(),
  city: z.string().trim().min(1, { error: "is required" }).max(100),
  state: z.enum(US_STATE_CODES, { error: "must be a US state's two-letter code" }),
  postalCode: z
    .string()
    .trim()
    .regex(POSTAL_CODE_PATTERN, { error: "must be a ZIP code like 10001 or 10001-1234" }),
  country: z.enum(SHIPPING_COUNTRIES, { error: "must be US: the shop ships within the United States" }),
});
export type ShippingAddress = z.infer<typeof ShippingAddress>;

/** The id of one of the shop's shipping rates. */
export const ShippingRateId = z.string().refine((id) => findShippingRate(id) !== undefined, {
  error: "unknown shipping rate",
});

/**
 * The shop's checkout with PayPal: the e-mail and lines, and the US shipping address and rate the checkout page took
 * before PayPal (PayPal is told them; the server works out shipping and tax, as the sandbox's card form does).
 */
export const PaypalCheckoutBody = CreateCheckoutSessionBody.extend({
  address: ShippingAddress,
  shippingRate: ShippingRateId,
});
export type PaypalCheckoutBody = z.infer<typeof PaypalCheckoutBody>;

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
