import { api } from "@mx/shared/routes";
import type { PublicConfig } from "@mx/shared/schemas/payments";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

/** The same cache entry the card screens read: the processor is fixed for the life of the server. */
export const configKey = ["config"] as const;

export async function getConfig(signal?: AbortSignal): Promise<PublicConfig> {
  const reply = await apiRequest<PublicConfig>(api.config, { signal });
  return reply.data;
}

export function useConfig() {
  return useQuery({
    queryKey: configKey,
    queryFn: ({ signal }) => getConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
