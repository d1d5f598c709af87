import { api } from "@mx/shared/routes";
import type { PricePoint } from "@mx/shared/schemas/properties";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export const priceHistoryKey = (buildingId: string) => ["properties", "price-history", buildingId] as const;

/** What the building sold for over time, oldest first. */
export async function getPriceHistory(buildingId: string, signal?: AbortSignal): Promise<PricePoint[]> {
  const reply = await apiRequest<{ priceHistory?: PricePoint[] } | null>(api.priceHistory(buildingId), {
    auth: true,
    signal,
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
