import { BASE_PRICE_MAX_CENTS, BASE_PRICE_MIN_CENTS } from "@mx/shared/constants";

/** A floor area at or above this (about the Empire State Building's) is priced at the maximum. */
const TOP_FLOOR_AREA_SQFT = 3_000_000;
const SCALE_SQFT = 500;

/**
 * The price of a building nobody has bought yet, in whole dollars (as cents), from its gross floor area
 * (footprint × floors, so taller and larger both cost more):
 *
 *   t = ln(1 + area / 500) / ln(1 + 3,000,000 / 500)        (0 … 1, capped at 1)
 *   price = $5 + $4,995 × t³
 *
 * The logarithm keeps the many small buildings apart from each other; the cube keeps them cheap and lets the
 * landmarks approach $5,000. Examples: a 2,000 sq ft walk-up ≈ $36, a 16,000 sq ft block ≈ $329,
 * a 300,000 sq ft office tower ≈ $1,990, the Empire State Building ≈ $4,870.
 */
export function basePriceCents(floorAreaSqft: number): number {
  const area = Math.max(0, floorAreaSqft);
  const t = Math.min(1, Math.log1p(area / SCALE_SQFT) / Math.log1p(TOP_FLOOR_AREA_SQFT / SCALE_SQFT));
  const dollars = Math.round(5 + 4995 * t ** 3);
  return Math.min(BASE_PRICE_MAX_CENTS, Math.max(BASE_PRICE_MIN_CENTS, dollars * 100));
}
