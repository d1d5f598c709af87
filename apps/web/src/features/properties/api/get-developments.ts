import { DevelopmentsData } from "@mx/shared/schemas/developments";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET properties/developments: what the owner can build next on the building, at today's price. */
const developmentsPath = (propertyId: string) =>
  `/properties/developments?propertyId=${encodeURIComponent(propertyId)}`;

async function getDevelopments(propertyId: string, signal?: AbortSignal): Promise<DevelopmentsData> {
  const reply = await apiRequest(developmentsPath(propertyId), {
    auth: true,
    signal,
    schema: DevelopmentsData,
  });
  return reply.data;
}

/** Only the owner is offered developments: `enabled` is false for everyone else. */
export function useDevelopments(propertyId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.properties.developments(propertyId),
    queryFn: ({ signal }) => getDevelopments(propertyId, signal),
    enabled: enabled && propertyId !== "",
  });
}
