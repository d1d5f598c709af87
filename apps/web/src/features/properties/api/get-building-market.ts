import { api } from "@mx/shared/routes";
import { MarketBuildingData } from "@mx/shared/schemas/market";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** One building's ask, bid amounts, last trades and price per square foot against its neighbourhood. */
async function getBuildingMarket(buildingId: string, signal?: AbortSignal): Promise<MarketBuildingData> {
  const reply = await apiRequest(api.marketBuilding(buildingId), {
    auth: true,
    signal,
    schema: MarketBuildingData,
  });
  if (!reply.data) throw new Error("empty market reply");
  return reply.data;
}

export function useBuildingMarket(buildingId: string) {
  return useQuery({
    queryKey: queryKeys.market.building(buildingId),
    queryFn: ({ signal }) => getBuildingMarket(buildingId, signal),
    enabled: buildingId !== "",
  });
}
