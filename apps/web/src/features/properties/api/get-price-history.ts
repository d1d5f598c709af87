import { api } from "@mx/shared/routes";
import type { PricePoint } from "@mx/shared/schemas/properties";
import { PriceHistoryData } from "@mx/shared/schemas/properties";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

const priceHistoryKey = queryKeys.properties.priceHistory;

/** What the building sold for over time, oldest first. */
async function getPriceHistory(buildingId: string, signal?: AbortSignal): Promise<PricePoint[]> {
  const reply = await apiRequest(api.priceHistory(buildingId), {
    auth: true,
    signal,
    schema: PriceHistoryData,
  });
  const points = reply.data?.priceHistory ?? [];
  return [...points].sort((a, b) => a.insertDate - b.insertDate);
}

export function usePriceHistory(buildingId: string) {
  return useQuery({
    queryKey: priceHistoryKey(buildingId),
    queryFn: ({ signal }) => getPriceHistory(buildingId, signal),
    enabled: buildingId !== "",
  });
}
