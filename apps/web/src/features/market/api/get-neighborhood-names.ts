import { api } from "@mx/shared/routes";
import { NeighborhoodListData } from "@mx/shared/schemas/properties";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** The island's neighbourhoods' names, for the market's filter: they change only with an import. */
export function useNeighborhoodNames() {
  return useQuery({
    queryKey: queryKeys.neighborhoods,
    queryFn: async ({ signal }) => {
      const reply = await apiRequest(api.neighborhoods, { schema: NeighborhoodListData, signal });
      return reply.data?.neighborhoods ?? [];
    },
    select: (neighborhoods) => neighborhoods.map((n) => n.name).sort((a, b) => a.localeCompare(b)),
    staleTime: 5 * 60_000,
  });
}
