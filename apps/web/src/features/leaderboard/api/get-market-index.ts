import { MARKET } from "@mx/shared/constants";
import { api } from "@mx/shared/routes";
import { MarketIndexData } from "@mx/shared/schemas/market";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** A neighbourhood's trades and median price per square foot, day by day over the index's window. */
async function getMarketIndex(neighborhood: string, signal?: AbortSignal): Promise<MarketIndexData> {
  const query = new URLSearchParams({ neighborhood, days: String(MARKET.indexDays) });
  const reply = await apiRequest(`${api.marketIndex}?${query}`, {
    auth: true,
    signal,
    schema: MarketIndexData,
  });
  if (!reply.data) throw new Error("empty index reply");
  return reply.data;
}

export function useMarketIndex(neighborhood: string) {
  return useQuery({
    queryKey: queryKeys.marketIndex(neighborhood),
    queryFn: ({ signal }) => getMarketIndex(neighborhood, signal),
    enabled: neighborhood !== "",
  });
}
