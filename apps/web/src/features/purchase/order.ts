import { BUY_PROCESSING_FEE_CENTS, SALES_TAX_CENTS } from "@mx/shared/constants";
import { dollarsToCents } from "@mx/shared/money";
import type { Location } from "@mx/shared/schemas/properties";

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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

const isCoordinate = (value: unknown, bound: number): value is number =>
  typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= bound;

/**
 * The order in the router state, or null when there is none to review: no state (the page was
 * opened by its address), no building name, or no building id or valid offer. With null the screen
 * leaves (docs/decisions/0009-selected-building-and-review-screens.md).
 */
export function readOrder(state: unknown): Order | null {
  if (!isRecord(state) || !isRecord(state.property)) return null;
  const { property, price } = state;
  const name = typeof property.name === "string" ? property.name.trim() : "";
  const buildingId = typeof property.buildingId === "string" ? property.buildingId.trim() : "";
  if (!name || !buildingId) return null;
  if (typeof price !== "number" || !(price > 0) || dollarsToCents(price) === null) return null;
  const location = isRecord(property.location) ? property.location : {};
  return {
    buildingId,
    name,
    address: typeof property.address === "string" && property.address.trim() ? property.address.trim() : null,
    // Missing coordinates fall back to 0, the default for a selected building.
    location: {
      lat: isCoordinate(location.lat, 90) ? location.lat : 0,
      lng: isCoordinate(location.lng, 180) ? location.lng : 0,
    },
    price,
  };
}

/**
 * Price + processing fee + sales tax (docs/decisions/0002-fees-and-sales-tax.md), added in integer cents so nothing
 * drifts.
 */
export function orderTotals(price: number): OrderTotals {
  const priceCents = dollarsToCents(price) ?? Math.round(price * 100);
  return {
    priceCents,
    salesTaxCents: SALES_TAX_CENTS,
    processingFeeCents: BUY_PROCESSING_FEE_CENTS,
    totalCents: priceCents + BUY_PROCESSING_FEE_CENTS + SALES_TAX_CENTS,
  };
}
