/**
 * The sandbox's own API, as its server side serves it and its web forms call it: the paths (under /api/v1) and the
 * schemas of the tokeniser and of the shop's embedded payment form. Both sides import this file, so it uses nothing
 * but zod and `@mx/shared`: it runs in the browser too.
 */
import { decimal } from "@mx/shared/schemas/common";
import { CHECKOUT_SESSION_STATUSES, ShippingAddress, ShippingRateId } from "@mx/shared/schemas/shop";
import { z } from "zod";

/** The sandbox's API paths, under /api/v1. */
export const sandboxPaths = {
  tokens: "/sandbox/tokens",
  checkoutSession: (clientSecret: string) =>
    `/sandbox/checkout/session?client_secret=${encodeURIComponent(clientSecret)}`,
  checkoutPay: "/sandbox/checkout/pay",
  checkoutShipping: "/sandbox/checkout/shipping",
  paypalDisputes: "/sandbox/paypal/disputes",
};

/** The sandbox tokeniser: the only place a full card number is seen. */
export const SandboxTokenBody = z.strictObject({
  number: z.string().trim().min(1, { error: "is required" }).max(30),
  expMonth: decimal(z.number().int()),
  expYear: decimal(z.number().int()),
  cvc: z.string().trim().max(10),
  name: z.string().trim().max(100).optional(),
});
export const SandboxTokenData = z.object({
  id: z.string(),
  card: z.object({
    brand: z.string(),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
  }),
});

/** The sandbox's embedded payment form: what the session asks to be paid (Stripe's form shows the same). */
export const SandboxCheckoutSessionQuery = z.strictObject({
  client_secret: z.string().trim().min(1, { error: "is required" }).max(255),
});

/** The sandbox's payment form, as the customer fills in the address and picks a rate: tax and total follow. */
export const SandboxCheckoutShippingBody = z.strictObject({
  clientSecret: z.string().trim().min(1, { error: "is required" }).max(255),
  address: ShippingAddress,
  shippingRate: ShippingRateId,
});
export type SandboxCheckoutShippingBody = z.infer<typeof SandboxCheckoutShippingBody>;

const ShippingOptionData = z.object({
  id: z.string(),
  name: z.string(),
  amountCents: z.number().int(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
});

export const SandboxCheckoutSessionData = z.object({
  id: z.string(),
  status: z.enum(CHECKOUT_SESSION_STATUSES),
  customerEmail: z.string().nullable(),
  currency: z.string(),
  amountSubtotalCents: z.number().int(),
  amountShippingCents: z.number().int(),
  amountTaxCents: z.number().int(),
  /** Thousandths of a percent; null until an address is known. */
  taxRate: z.number().int().nullable(),
  amountTotalCents: z.number().int(),
  lineItems: z.array(z.object({ name: z.string(), unitAmountCents: z.number().int(), quantity: z.number() })),
  shippingOptions: z.array(ShippingOptionData),
  shipping: z
    .object({
      address: ShippingAddress,
      rateId: z.string(),
    })
    .nullable(),
  /**
   * The cards the session's customer saved (a signed-in player's), newest first, offered before a new card; empty
   * when the session was opened for no customer.
   */
  savedCards: z.array(
    z.object({
      id: z.string(),
      brand: z.string(),
      last4: z.string(),
      expMonth: z.number().int(),
      expYear: z.number().int(),
      name: z.string().nullable(),
    }),
  ),
});
export type SandboxCheckoutSessionData = z.infer<typeof SandboxCheckoutSessionData>;

const PaymentReference = z.string().trim().min(1, { error: "is required" }).max(255);

/**
 * Pays a sandbox checkout session with a new card (`token`, from `POST /sandbox/tokens`) or with one of the cards
 * its customer saved (`paymentMethod`, an id from the session's `savedCards`): exactly one of the two.
 */
export const SandboxCheckoutPayBody = z
  .strictObject({
    clientSecret: z.string().trim().min(1, { error: "is required" }).max(255),
    token: PaymentReference.optional(),
    paymentMethod: PaymentReference.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.token === undefined && body.paymentMethod === undefined) {
      ctx.addIssue({ code: "custom", message: "give a card token or a saved card", path: ["token"] });
    }
    if (body.token !== undefined && body.paymentMethod !== undefined) {
      ctx.addIssue({
        code: "custom",
        message: "give a card token or a saved card, not both",
        path: ["paymentMethod"],
      });
    }
  });
export type SandboxCheckoutPayBody = z.infer<typeof SandboxCheckoutPayBody>;
export const SandboxCheckoutPayData = z.object({
  sessionId: z.string(),
  status: z.enum(CHECKOUT_SESSION_STATUSES),
});
export type SandboxCheckoutPayData = z.infer<typeof SandboxCheckoutPayData>;

/** The reasons the sandbox's PayPal buyer may give for disputing an order, as PayPal names them. */
export const SANDBOX_PAYPAL_DISPUTE_REASONS = [
  "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
  "MERCHANDISE_OR_SERVICE_NOT_AS_DESCRIBED",
  "UNAUTHORISED",
  "CREDIT_NOT_PROCESSED",
  "DUPLICATE_TRANSACTION",
  "INCORRECT_AMOUNT",
  "PAYMENT_BY_OTHER_MEANS",
  "CANCELED_RECURRING_BILLING",
  "PROBLEM_WITH_REMITTANCE",
  "OTHER",
] as const;

/** The sandbox's PayPal buyer disputes a captured order (the reason defaults to UNAUTHORISED). */
export const SandboxPaypalDisputeBody = z.strictObject({
  orderId: z.string().regex(/^[A-Z0-9]{17}$/, { error: "must be a PayPal order id" }),
  reason: z
    .enum(SANDBOX_PAYPAL_DISPUTE_REASONS, { error: "must be one of PayPal's dispute reasons" })
    .optional(),
});
export type SandboxPaypalDisputeBody = z.infer<typeof SandboxPaypalDisputeBody>;
export const SandboxPaypalDisputeData = z.object({
  id: z.string(),
  captureId: z.string(),
  reason: z.string(),
  status: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
});
export type SandboxPaypalDisputeData = z.infer<typeof SandboxPaypalDisputeData>;
