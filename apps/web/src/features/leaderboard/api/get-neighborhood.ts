import { api } from "@mx/shared/routes";
import { NeighborhoodDetailData } from "@mx/shared/schemas/properties";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

async function getNeighborhood(name: string, signal?: AbortSignal): Promise<NeighborhoodDetailData | null> {
  const reply = await apiRequest(api.neighborhood(name), { schema: NeighborhoodDetailData, signal });
  return reply.data;
}

/** One neighbourhood's panel; nothing is asked while no neighbourhood is picked. */
export function useNeighborhood(name: string) {
  return useQuery({
    queryKey: queryKeys.neighborhood(name),
    queryFn: ({ signal }) => getNeighborhood(name, signal),
    enabled: name !== "",
  });
}
