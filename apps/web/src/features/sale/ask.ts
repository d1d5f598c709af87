import { ASK_PROCESSING_FEE_CENTS } from "@mx/shared/constants";
import { dollarsToCents } from "@mx/shared/money";
import type { Location } from "@mx/shared/schemas/properties";

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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

const isCoordinate = (value: unknown, bound: number): value is number =>
  typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= bound;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/**
 * The ask in the router state, or null when there is nothing to review: no state (the page was
 * opened by its address) or no building name; with null the screen leaves
 * (docs/decisions/0009-selected-building-and-review-screens.md). A bad price keeps the screen
 * (with 'Please enter a valid price') so the player can still cancel a sale.
 */
export function readAsk(state: unknown): Ask | null {
  if (!isRecord(state) || !isRecord(state.property)) return null;
  const { property, price } = state;
  const name = text(property.name);
  if (!name) return null;
  const location = isRecord(property.location) ? property.location : {};
  const isValidPrice = typeof price === "number" && price > 0 && dollarsToCents(price) !== null;
  return {
    propertyId: text(property._id),
    buildingId: text(property.buildingId),
    name,
    location: {
      lat: isCoordinate(location.lat, 90) ? location.lat : 0,
      lng: isCoordinate(location.lng, 180) ? location.lng : 0,
    },
    forSale: property.forSale === true,
    price: isValidPrice ? price : null,
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
