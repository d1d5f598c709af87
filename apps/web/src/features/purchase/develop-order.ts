import { DEVELOPMENT_KINDS, type DevelopmentKind } from "@mx/shared/constants";
import { dollarsToCents } from "@mx/shared/money";
import type { Location } from "@mx/shared/schemas/properties";
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
const cents = (value: unknown) => (typeof value === "number" && value >= 0 ? dollarsToCents(value) : null);

/**
 * The development to review in the router state, or null when there is none: the page opened by its address, or a
 * state without the building's ids, a known kind, or amounts in whole cents that add up to the total.
 */
export function readDevelopOrder(state: unknown): DevelopOrder | null {
  if (!isRecord(state) || !isRecord(state.property) || !isRecord(state.option)) return null;
  const { property, option } = state;
  const propertyId = text(property._id);
  const buildingId = text(property.buildingId);
  const buildingName = text(property.name);
  const kind = DEVELOPMENT_KINDS.find((k) => k === option.kind);
  if (!propertyId || !buildingId || !buildingName || !kind) return null;
  const priceCents = cents(option.price);
  const feeCents = cents(option.fee);
  const taxCents = cents(option.tax);
  const totalCents = cents(option.total);
  if (priceCents === null || feeCents === null || taxCents === null || totalCents === null) return null;
  if (priceCents + feeCents + taxCents !== totalCents || totalCents <= 0) return null;
  const location = isRecord(property.location) ? property.location : {};
  return {
    propertyId,
    buildingId,
    buildingName,
    price: typeof property.price === "number" ? property.price : 0,
    location: {
      lat: typeof location.lat === "number" ? location.lat : 0,
      lng: typeof location.lng === "number" ? location.lng : 0,
    },
    kind,
    level: typeof option.level === "number" ? option.level : 0,
    name: text(option.name) || kind,
    description: text(option.description),
    durationSeconds: typeof option.durationSeconds === "number" ? option.durationSeconds : 0,
    totals: { priceCents, processingFeeCents: feeCents, salesTaxCents: taxCents, totalCents },
  };
}
