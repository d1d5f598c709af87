import { api } from "@mx/shared/routes";
import { Profile } from "@mx/shared/schemas/auth";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api-client";
import { queryKeys } from "./query-keys";

/**
 * The signed-in player's profile. Several features show or edit it, so the query
 * (and its cache key) lives here instead of inside one of them.
 */
export const profileQueryKey = queryKeys.profile;

export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const reply = await apiRequest(api.profile, { auth: true, signal, schema: Profile });
  return reply.data;
}

export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal) });
}
