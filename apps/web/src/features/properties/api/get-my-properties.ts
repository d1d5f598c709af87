import { PAGE_SIZE } from "@mx/shared/constants";
import { api } from "@mx/shared/routes";
import { PropertyListData } from "@mx/shared/schemas/properties";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const myPropertiesKey = queryKeys.properties.mine;

/** One page (1-based) of the signed-in player's properties. */
async function getMyProperties(page: number, signal?: AbortSignal): Promise<PropertyListData> {
  const query = new URLSearchParams({
    limit: String(PAGE_SIZE.myProperties),
    offset: String((page - 1) * PAGE_SIZE.myProperties),
  });
  const reply = await apiRequest(`${api.properties}?${query}`, {
    auth: true,
    signal,
    schema: PropertyListData,
  });
  return { totalCount: reply.data?.totalCount ?? 0, properties: reply.data?.properties ?? [] };
}

/** Paging keeps the previous page on screen until the next one arrives. */
export function useMyProperties(page: number) {
  return useQuery({
    queryKey: myPropertiesKey(page),
    queryFn: ({ signal }) => getMyProperties(page, signal),
    placeholderData: keepPreviousData,
  });
}
