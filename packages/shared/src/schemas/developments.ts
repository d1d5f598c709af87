import { z } from "zod";
import { DEVELOPMENT_KINDS, MAX_DEVELOPMENT_LEVEL, MAX_PRICE_DOLLARS } from "../constants";

/**
 * A building's development: the levels finished (0–4), and the one under construction if any. The state follows
 * from the time: a construction whose `completesAt` has passed is finished, and counted in `level`.
 */
export const Development = z.object({
  level: z.number().int().min(0).max(MAX_DEVELOPMENT_LEVEL),
  constructing: z.boolean(),
  /** The development under construction; null when none is. */
  kind: z.enum(DEVELOPMENT_KINDS).nullable(),
  /** Epoch seconds: when the construction under way finishes; null when none is. */
  completesAt: z.number().int().nullable(),
});
export type Development = z.infer<typeof Development>;

const PropertyKey = z.string().trim().min(1, { error: "is required" }).max(100);

export const DevelopmentsQuery = z.strictObject({ propertyId: PropertyKey });

/** One development as the owner is offered it: its price now, in dollars, and whether it can be started. */
export const DevelopmentOption = z.object({
  kind: z.enum(DEVELOPMENT_KINDS),
  level: z.number().int().min(1).max(MAX_DEVELOPMENT_LEVEL),
  name: z.string(),
  description: z.string(),
  /** The cost: the building's price grows by this much when the construction finishes. */
  price: z.number(),
  /** Processing fee. */
  fee: z.number(),
  /** Sales tax. */
  tax: z.number(),
  /** price + fee + tax: what is charged. */
  total: z.number(),
  durationSeconds: z.number().int(),
  available: z.boolean(),
  /** Why it cannot be started now; null when it can. */
  reason: z.string().nullable(),
});
export type DevelopmentOption = z.infer<typeof DevelopmentOption>;

export const DevelopmentsData = z.object({ development: Development, options: z.array(DevelopmentOption) });
export type DevelopmentsData = z.infer<typeof DevelopmentsData>;

export const DevelopBody = z.strictObject({
  propertyId: PropertyKey,
  kind: z.string().trim().min(1, { error: "is required" }).max(40),
  /** A saved card (`pm_…`), or "paypal"; the default card when left out. */
  paymentMethodId: z.string().trim().min(1).max(255).optional(),
  /** Offer-wall credits to spend, in dollars: the card (or PayPal) pays the rest. */
  credits: z
    .number({ error: "must be a number" })
    .nonnegative({ error: "must be 0 or more" })
    .max(MAX_PRICE_DOLLARS, { error: `must be at most ${MAX_PRICE_DOLLARS}` })
    .optional(),
  /** Pay with PayPal (the same as paymentMethodId "paypal"). */
  paypal: z.boolean({ error: "must be true or false" }).optional(),
});
export type DevelopBody = z.infer<typeof DevelopBody>;

export const DevelopData = z.object({
  message: z.string(),
  development: Development,
  /** The building's id. */
  buildingId: z.string(),
  /** Dollars charged in all: cost + fee + tax. */
  total: z.number(),
  /** The card's or PayPal's payment; empty when credits paid everything. */
  paymentIntentId: z.string(),
  /** Dollars of the total paid with offer-wall credits. */
  credits: z.number().optional(),
});
export type DevelopData = z.infer<typeof DevelopData>;

export const ConfirmDevelopmentBody = z.strictObject({
  developmentId: z.uuid({ error: "must be a development id" }),
});
