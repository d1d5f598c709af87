import { DEVELOPMENT_KINDS, type DevelopmentKind } from "@mx/shared/constants";
import { dollarsToCents } from "@mx/shared/money";
import type { Location } from "@mx/shared/schemas/properties";
import { z } from "zod";
import { optionalText, requiredText, stateLocation } from "../../lib/router-state";
import type { OrderTotals } from "./order";

/** What Develop Review needs from the router state Property Details sends: `{ property, option }`. */
export interface DevelopOrder {
  propertyId: string;
  buildingId: string;
  buildingName: string;
  price: number;
  location: Location;
  kind: DevelopmentKind;
  level: number;
  name: string;
  description: string;
  durationSeconds: number;
  totals: OrderTotals;
}

/** Dollars in whole cents, 0 or more. */
const cents = z
  .number()
  .min(0)
  .transform((value) => dollarsToCents(value))
  .pipe(z.number());

const DevelopState = z.object({
  property: z.object({
    _id: requiredText,
    buildingId: requiredText,
    name: requiredText,
    price: z.number().catch(0),
    location: stateLocation,
  }),
  option: z.object({
    kind: z.enum(DEVELOPMENT_KINDS),
    level: z.number().catch(0),
    name: optionalText,
    description: optionalText,
    durationSeconds: z.number().catch(0),
    price: cents,
    fee: cents,
    tax: cents,
    total: cents,
  }),
});

/**
 * The development to review in the router state, or null when there is none: the page opened by its address, or a
 * state without the building's ids, a known kind, or amounts in whole cents that add up to the total.
 */
export function readDevelopOrder(state: unknown): DevelopOrder | null {
  const parsed = DevelopState.safeParse(state);
  if (!parsed.success) return null;
  const { property, option } = parsed.data;
  const totals = {
    priceCents: option.price,
    processingFeeCents: option.fee,
    salesTaxCents: option.tax,
    totalCents: option.total,
  };
  if (totals.priceCents + totals.processingFeeCents + totals.salesTaxCents !== totals.totalCents) return null;
  if (totals.totalCents <= 0) return null;
  return {
    propertyId: property._id,
    buildingId: property.buildingId,
    buildingName: property.name,
    price: property.price,
    location: property.location,
    kind: option.kind,
    level: option.level,
    name: option.name || option.kind,
    description: option.description,
    durationSeconds: option.durationSeconds,
    totals,
  };
}
