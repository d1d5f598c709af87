import { api } from "@mx/shared/routes";
import type { Neighborhood } from "@mx/shared/schemas/properties";
import { NeighborhoodListData } from "@mx/shared/schemas/properties";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

async function getNeighborhoods(signal?: AbortSignal): Promise<Neighborhood[]> {
  const reply = await apiRequest(api.neighborhoods, { schema: NeighborhoodListData, signal });
  return reply.data?.neighborhoods ?? [];
}

/** The island's neighbourhoods, for the leaderboard's picker: they change only with an import. */
export function useNeighborhoods() {
  return useQuery({
    queryKey: queryKeys.neighborhoods,
    queryFn: ({ signal }) => getNeighborhoods(signal),
    staleTime: 5 * 60_000,
  });
}
