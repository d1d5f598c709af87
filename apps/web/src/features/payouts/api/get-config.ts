import { api } from "@mx/shared/routes";
import type { PublicConfig } from "@mx/shared/schemas/payments";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

/** Which card processor the server uses (the same cache entry the buying-card form reads). */
export async function getConfig(signal?: AbortSignal): Promise<PublicConfig> {
  const reply = await apiRequest<PublicConfig>(api.config, { signal });
  return reply.data;
}

export function useConfig() {
  return useQuery({
    queryKey: ["config"],
    queryFn: ({ signal }) => getConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
