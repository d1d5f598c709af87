import { MARKET } from "@mx/shared/constants";
import { api } from "@mx/shared/routes";
import { MarketListingsData, type MarketSort } from "@mx/shared/schemas/market";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export type ListingFilters = {
  neighborhood: string;
  minPrice: string;
  maxPrice: string;
  minFloors: string;
  minYear: string;
  maxYear: string;
  text: string;
  sort: MarketSort;
};

export type ListingsRequest = ListingFilters & { page: number };

/** The query string of one page: empty filters are left out. */
function listingsQuery({ page, ...filters }: ListingsRequest): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value.trim() !== "") query.set(key, value.trim());
  }
  query.set("limit", String(MARKET.pageSize));
  query.set("offset", String((page - 1) * MARKET.pageSize));
  return query;
}

async function getListings(request: ListingsRequest, signal?: AbortSignal): Promise<MarketListingsData> {
  const reply = await apiRequest(`${api.marketListings}?${listingsQuery(request)}`, {
    auth: true,
    signal,
    schema: MarketListingsData,
  });
  return reply.data ?? { totalCount: 0, listings: [] };
}

/** Paging and filtering keep the previous page on screen until the next one arrives. */
export function useListings(request: ListingsRequest) {
  return useQuery({
    queryKey: queryKeys.market.listings(request),
    queryFn: ({ signal }) => getListings(request, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
