import { MARKET } from "@mx/shared/constants";
import { api } from "@mx/shared/routes";
import { MarketTradesData } from "@mx/shared/schemas/market";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** The island's latest trades, newest first: the ticker. */
async function getLatestTrades(signal?: AbortSignal): Promise<MarketTradesData> {
  const reply = await apiRequest(`${api.marketTrades}?limit=${MARKET.tickerSize}`, {
    auth: true,
    signal,
    schema: MarketTradesData,
  });
  return reply.data ?? { totalCount: 0, trades: [] };
}

export function useLatestTrades() {
  return useQuery({
    queryKey: queryKeys.market.trades("island"),
    queryFn: ({ signal }) => getLatestTrades(signal),
  });
}
