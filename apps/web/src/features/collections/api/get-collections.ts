import { api } from "@mx/shared/routes";
import { CollectionDetail, CollectionsData, CollectorsData } from "@mx/shared/schemas/collections";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

async function data<T>(reply: { data?: T | null }, what: string): Promise<T> {
  if (!reply.data) throw new Error(`empty ${what} reply`);
  return reply.data;
}

/** GET collections: every set, with its holder and the player's progress. */
export function useCollections() {
  return useQuery({
    queryKey: queryKeys.collections.list,
    queryFn: async ({ signal }) =>
      (
        await data(
          await apiRequest(api.collections, { auth: true, signal, schema: CollectionsData }),
          "collections",
        )
      ).collections,
  });
}

/** GET collections/:id: one set with its members and their owners. */
export function useCollection(id: string) {
  return useQuery({
    queryKey: queryKeys.collections.one(id),
    queryFn: async ({ signal }) =>
      data(
        await apiRequest(api.collection(id), { auth: true, signal, schema: CollectionDetail }),
        "collection",
      ),
  });
}

/** GET collections/leaderboard: the collectors. */
export function useCollectors() {
  return useQuery({
    queryKey: queryKeys.collections.collectors,
    queryFn: async ({ signal }) =>
      (await data(await apiRequest(api.collectors, { signal, schema: CollectorsData }), "collectors"))
        .collectors,
  });
}
