import { BUY_PROCESSING_FEE_CENTS, FEE_AND_TAX_CENTS, SALES_TAX_CENTS } from "@mx/shared/constants";
import { dollarsToCents } from "@mx/shared/money";
import type { Location } from "@mx/shared/schemas/properties";
import { z } from "zod";
import { dollarAmount, optionalText, requiredText, stateLocation } from "../../lib/router-state";

/** What Order Review needs from the router state Property Details sends: `{ property, price }`. */
export interface Order {
  buildingId: string;
  name: string;
  address: string | null;
  location: Location;
  /** The offer, in dollars (what the buy call sends as bidAmount). */
  price: number;
}

export interface OrderTotals {
  priceCents: number;
  salesTaxCents: number;
  processingFeeCents: number;
  totalCents: number;
}

const OrderState = z.object({
  property: z.object({
    buildingId: requiredText,
    name: requiredText,
    address: optionalText,
    location: stateLocation,
  }),
  price: dollarAmount,
});

/**
 * The order in the router state, or null when there is none to review: no state (the page was
 * opened by its address), no building name, or no building id or valid offer. With null the screen
 * leaves (docs/decisions/0009-selected-building-and-review-screens.md).
 */
export function readOrder(state: unknown): Order | null {
  const parsed = OrderState.safeParse(state);
  if (!parsed.success) return null;
  const { property, price } = parsed.data;
  return {
    buildingId: property.buildingId,
    name: property.name,
    address: property.address || null,
    location: property.location,
    price,
  };
}

/** Price + processing fee + sales tax (docs/decisions/0002-fees-and-sales-tax.md), added in integer cents so nothing drifts. */
export function orderTotals(price: number): OrderTotals {
  const priceCents = dollarsToCents(price) ?? Math.round(price * 100);
  return {
    priceCents,
    salesTaxCents: SALES_TAX_CENTS,
    processingFeeCents: BUY_PROCESSING_FEE_CENTS,
    totalCents: priceCents + FEE_AND_TAX_CENTS,
  };
}
