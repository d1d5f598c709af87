import { MARKET } from "@mx/shared/constants";
import { MARKET_SORTS, type MarketSort } from "@mx/shared/schemas/market";
import type { ListingFilters } from "./api/get-listings";

/*
 * The market's filters in the address: read from its query string, and written back with only what is set.
 */

/** The filters typed or picked into a field (the order is picked apart). */
export const FIELDS = [
  "neighborhood",
  "minPrice",
  "maxPrice",
  "minFloors",
  "minYear",
  "maxYear",
  "text",
] as const;

/** A filter typed into a field. */
export type FilterField = (typeof FIELDS)[number];

/** True for one of the orders the market knows. */
export const isSort = (value: string | null): value is MarketSort =>
  value !== null && (MARKET_SORTS as readonly string[]).includes(value);

/** The filters the address holds (the default order when it names none). */
export function readFilters(params: URLSearchParams): ListingFilters {
  const sort = params.get("sort");
  const filters = { sort: isSort(sort) ? sort : MARKET.defaultSort } as ListingFilters;
  for (const field of FIELDS) filters[field] = params.get(field) ?? "";
  return filters;
}

/** The page the address holds: 1 unless it names a later one. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The filters as a query string: what is empty or the default is left out, so links stay short. */
export function writeParams(filters: ListingFilters, page: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of FIELDS) if (filters[field].trim() !== "") out[field] = filters[field].trim();
  if (filters.sort !== MARKET.defaultSort) out.sort = filters.sort;
  if (page > 1) out.page = String(page);
  return out;
}
