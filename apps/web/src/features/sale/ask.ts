import { ASK_PROCESSING_FEE_CENTS } from "@mx/shared/constants";
import { dollarsToCents } from "@mx/shared/money";
import type { Location } from "@mx/shared/schemas/properties";
import { z } from "zod";
import { dollarAmount, optionalText, requiredText, stateLocation } from "../../lib/router-state";

/** What Sell Review needs from the router state Property Details sends: `{ property, price }`. */
export interface Ask {
  /** The property's `_id`, sent as propertyId; "" when missing (then 'Missing property ID' is shown). */
  propertyId: string;
  buildingId: string;
  name: string;
  location: Location;
  forSale: boolean;
  /** The asking price in dollars (what place-ask sends as bidAmount); null when not a valid price. */
  price: number | null;
}

export interface AskTotals {
  priceCents: number;
  processingFeeCents: number;
  /** What the seller receives: price − processing fee. */
  receiveCents: number;
}

const AskState = z.object({
  property: z.object({
    _id: optionalText,
    buildingId: optionalText,
    name: requiredText,
    location: stateLocation,
    forSale: z.boolean().catch(false),
  }),
  price: dollarAmount.nullable().catch(null),
});

/**
 * The ask in the router state, or null when there is nothing to review: no state (the page was
 * opened by its address) or no building name; with null the screen leaves
 * (docs/decisions/0009-selected-building-and-review-screens.md). A bad price keeps the screen
 * (with 'Please enter a valid price') so the player can still cancel a sale.
 */
export function readAsk(state: unknown): Ask | null {
  const parsed = AskState.safeParse(state);
  if (!parsed.success) return null;
  const { property, price } = parsed.data;
  return {
    propertyId: property._id,
    buildingId: property.buildingId,
    name: property.name,
    location: property.location,
    forSale: property.forSale,
    price,
  };
}

/**
 * Price − the ask's processing fee (docs/decisions/0002-fees-and-sales-tax.md), in integer cents so nothing
 * drifts.
 */
export function askTotals(price: number): AskTotals {
  const priceCents = dollarsToCents(price) ?? Math.round(price * 100);
  return {
    priceCents,
    processingFeeCents: ASK_PROCESSING_FEE_CENTS,
    receiveCents: priceCents - ASK_PROCESSING_FEE_CENTS,
  };
}

/** The server refuses an ask that the fee would swallow. */
export function coversFee(price: number): boolean {
  return askTotals(price).receiveCents > 0;
}
