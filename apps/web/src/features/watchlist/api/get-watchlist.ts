import { api } from "@mx/shared/routes";
import { type WatchedBuilding, WatchlistData } from "@mx/shared/schemas/watchlist";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

async function getWatchlist(signal?: AbortSignal): Promise<WatchedBuilding[]> {
  const reply = await apiRequest(api.watchlist, { auth: true, signal, schema: WatchlistData });
  if (!reply.data) throw new Error("empty watchlist reply");
  return reply.data.buildings;
}

/** GET users/watchlist: the buildings the player watches, newest watched first. */
export function useWatchlist() {
  return useQuery({ queryKey: queryKeys.watchlist, queryFn: ({ signal }) => getWatchlist(signal) });
}
