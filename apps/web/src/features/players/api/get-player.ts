import { api } from "@mx/shared/routes";
import { PlayerProfileData } from "@mx/shared/schemas/players";
import { useQuery } from "@tanstack/react-query";
import { ApiError, apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

async function getPlayer(userName: string, signal?: AbortSignal): Promise<PlayerProfileData> {
  const reply = await apiRequest(api.player(userName), { schema: PlayerProfileData, signal });
  return reply.data;
}

/** Whether the server said there is no such player (404) or refused the name (400): asking again will not help. */
export function isNoSuchPlayer(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** A player's public profile; signed out too (no token is sent). */
export function usePlayer(userName: string) {
  return useQuery({
    queryKey: queryKeys.player(userName),
    queryFn: ({ signal }) => getPlayer(userName, signal),
    retry: (failures, error) => !isNoSuchPlayer(error) && failures < 2,
  });
}
