import { api } from "@mx/shared/routes";
import type { NeighborhoodDetailData } from "@mx/shared/schemas/properties";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

export async function getNeighborhood(
  name: string,
  signal?: AbortSignal,
): Promise<NeighborhoodDetailData | null> {
  const reply = await apiRequest<NeighborhoodDetailData | null>(api.neighborhood(name), { signal });
  return reply.data;
}

/** One neighbourhood's panel; nothing is asked while no neighbourhood is picked. */
export function useNeighborhood(name: string) {
  return useQuery({
    queryKey: ["neighborhood", name],
    queryFn: ({ signal }) => getNeighborhood(name, signal),
    enabled: name !== "",
  });
}
