import { PAGE_SIZE } from "@mx/shared/constants";
import { api } from "@mx/shared/routes";
import type { LEADERBOARD_SORTS, LeaderboardEntry } from "@mx/shared/schemas/properties";
import { LeaderboardData } from "@mx/shared/schemas/properties";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export type LeaderboardSort = (typeof LEADERBOARD_SORTS)[number];

export interface LeaderboardRequest {
  sortBy: LeaderboardSort;
  /** Matches full name or username; empty for everyone. */
  name: string;
  /** A neighbourhood's name; empty for the whole island. */
  neighborhood: string;
  /** 1-based. */
  page: number;
}

export interface LeaderboardPage {
  entries: LeaderboardEntry[];
  totalCount: number;
}

async function getLeaderboard(
  { sortBy, name, neighborhood, page }: LeaderboardRequest,
  signal?: AbortSignal,
): Promise<LeaderboardPage> {
  const query = new URLSearchParams({ sortBy });
  if (name) query.set("name", name);
  if (neighborhood) query.set("neighborhood", neighborhood);
  query.set("limit", String(PAGE_SIZE.leaderboard));
  query.set("offset", String((page - 1) * PAGE_SIZE.leaderboard));
  const reply = await apiRequest(`${api.leaderboard}?${query}`, {
    auth: true,
    signal,
    schema: LeaderboardData,
  });
  return { entries: reply.data?.rankedResponse ?? [], totalCount: reply.data?.totalCount ?? 0 };
}

/** A new sort, filter or page keeps the old rows on screen until the new ones arrive. */
export function useLeaderboard(request: LeaderboardRequest) {
  return useQuery({
    queryKey: queryKeys.leaderboard.page(request),
    queryFn: ({ signal }) => getLeaderboard(request, signal),
    placeholderData: keepPreviousData,
  });
}
