import { z } from "zod";
import { CURRENCY } from "../constants";

/**
 * A card for buying, in the form the server lists it, with the field names the client reads
 * (docs/decisions/0004-api-shaped-for-the-existing-client.md).
 */
export const PaymentCard = z.object({
  paymentMethodId: z.string(),
  /** Lower-case scheme: visa, mastercard, amex, discover, …, other. Screens show it upper-cased. */
  cardScheme: z.string(),
  /** "•••• •••• •••• 4242". */
  maskedCard: z.string(),
  last4: z.string(),
  expiryMonth: z.number().int(),
  expiryYear: z.number().int(),
  nameOnCard: z.string().nullable(),
  isDefault: z.boolean(),
});
export type PaymentCard = z.infer<typeof PaymentCard>;
export const CardListData = z.object({ cardList: z.array(PaymentCard) });
export type CardListData = z.infer<typeof CardListData>;

/** New card payload: the token the browser got from the tokeniser (sandbox `tok_…`, Stripe `tok_…`/`pm_…`). */
export const CreatePaymentMethodBody = z.strictObject({
  token: z.string().trim().min(1, { error: "is required" }).max(255),
  last4: z
    .string()
    .regex(/^\d{4}$/, { error: "must be 4 digits" })
    .optional(),
  brand: z.string().max(30).default("other"),
  isDefault: z.boolean().default(true),
});
export const CardData = z.object({ card: PaymentCard });

export const SetDefaultPaymentMethodBody = z.strictObject({
  paymentMethodId: z.string().trim().min(1, { error: "is required" }).max(255),
});

export const PaymentIntentBody = z.strictObject({
  /** Total × 100, rounded: integer cents. */
  amount: z
    .number()
    .int({ error: "must be a whole number of cents" })
    .positive({ error: "must be greater than 0" }),
  currency: z.literal(CURRENCY, { error: 'must be "usd"' }).default(CURRENCY),
  propertyId: z.string().trim().min(1, { error: "is required" }).max(100),
});
export const PaymentIntentData = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  currency: z.string(),
});

export const PublicConfig = z.object({
  paymentProvider: z.enum(["sandbox", "stripe"]),
  publishableKey: z.string().optional(),
  /** The operator's support address (SUPPORT_EMAIL). */
  supportEmail: z.string(),
  /** Absent: PayPal is not offered. `sandbox`: the local approval page; `paypal`: PayPal's buttons with clientId. */
  paypal: z.object({ kind: z.enum(["sandbox", "paypal"]), clientId: z.string().nullable() }).optional(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

/**
 * A payment the bank wants the player to confirm (3-D Secure), answered with 202: the browser completes it (Stripe.js
 * `handleNextAction` with the client secret, or the sandbox's challenge page at `nextActionUrl`), then calls the
 * operation's confirm route (`confirmPath`) so the server reads the payment again and finishes.
 */
export const ActionRequiredData = z.object({
  requiresAction: z.literal(true),
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  nextActionUrl: z.string().nullable(),
  confirmPath: z.string(),
  confirmBody: z.record(z.string(), z.string()),
});
export type ActionRequiredData = z.infer<typeof ActionRequiredData>;

/** Confirming a purchase or a bid after the bank's check. */
export const ConfirmPurchaseBody = z.strictObject({
  purchaseId: z.uuid({ error: "must be a purchase id" }),
});
export const ConfirmBidBody = z.strictObject({
  bidId: z.uuid({ error: "must be a bid id" }),
});
