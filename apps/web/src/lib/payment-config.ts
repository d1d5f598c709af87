import { api } from "@mx/shared/routes";
import { PublicConfig } from "@mx/shared/schemas/payments";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api-client";
import { queryKeys } from "./query-keys";

/** One cache entry for every screen that takes a card: the processor is fixed for the life of the server. */
export const configKey = queryKeys.config;

/** Which card processor the server uses, and Stripe's publishable key when it is Stripe. */
export async function getConfig(signal?: AbortSignal): Promise<PublicConfig> {
  const reply = await apiRequest(api.config, { signal, schema: PublicConfig });
  return reply.data;
}

/** Fixed for the life of the server process: read once per page load. */
export function useConfig() {
  return useQuery({
    queryKey: configKey,
    queryFn: ({ signal }) => getConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The operator's support address (SUPPORT_EMAIL on the server); null until the config has loaded. */
export function useSupportEmail(): string | null {
  return useConfig().data?.supportEmail ?? null;
}
