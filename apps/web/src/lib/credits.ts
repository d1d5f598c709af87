import { api } from "@mx/shared/routes";
import { Credits } from "@mx/shared/schemas/offerwall";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api-client";
import { queryKeys } from "./query-keys";

/**
 * The signed-in player's offer-wall credits. Profile, Order Review and the offer wall all show them, so the query
 * (and its cache key) lives here.
 */
const creditsQueryKey = queryKeys.offerwall.credits;

async function getCredits(signal?: AbortSignal): Promise<Credits> {
  const reply = await apiRequest(api.offerwallCredits, { schema: Credits, auth: true, signal });
  return reply.data;
}

export function useCredits() {
  return useQuery({ queryKey: creditsQueryKey, queryFn: ({ signal }) => getCredits(signal) });
}
