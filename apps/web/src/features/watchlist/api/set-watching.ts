import { api } from "@mx/shared/routes";
import type { WatchedBuilding } from "@mx/shared/schemas/watchlist";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** What the toggle and the list know of a building: enough to show it until the server's entry arrives. */
export interface WatchTarget {
  buildingId: string;
  name: string;
}

interface SetWatching {
  building: WatchTarget;
  watching: boolean;
}

async function setWatching({ building, watching }: SetWatching): Promise<void> {
  if (watching) {
    await apiRequest(api.watchlist, {
      method: "POST",
      body: { buildingId: building.buildingId },
      auth: true,
    });
  } else {
    await apiRequest(api.unwatch(building.buildingId), { method: "DELETE", auth: true });
  }
}

/** A stand-in row for a building just starred, replaced when the list is read again. */
function placeholder({ buildingId, name }: WatchTarget): WatchedBuilding {
  return {
    buildingId,
    name,
    address: null,
    neighborhood: null,
    price: 0,
    value: 0,
    ask: null,
    forSale: false,
    frozen: false,
    bestBid: null,
    lastTrade: null,
    ownerName: null,
    location: { lat: 0, lng: 0 },
    watchedAt: Math.floor(Date.now() / 1000),
  };
}

function applyWatching(list: WatchedBuilding[], { building, watching }: SetWatching): WatchedBuilding[] {
  const others = list.filter((entry) => entry.buildingId !== building.buildingId);
  return watching ? [placeholder(building), ...others] : others;
}

/**
 * POST or DELETE users/watchlist: watch or unwatch a building. The list changes at once (optimistically); a failure
 * puts it back, and the list is read again either way.
 */
export function useSetWatching() {
  const queryClient = useQueryClient();
  const key = queryKeys.watchlist;
  return useMutation({
    mutationFn: setWatching,
    onMutate: async (change: SetWatching) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<WatchedBuilding[]>(key);
      if (before) queryClient.setQueryData(key, applyWatching(before, change));
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
