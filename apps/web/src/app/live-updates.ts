import type { PublicEvent } from "@mx/shared/schemas/live";
import { type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { live } from "../lib/live";
import { queryKeys } from "../lib/query-keys";
import { getUserId, hasSession } from "../lib/session";

/*
 * Keeps the app's cached data in step with the live channel: what an event changes is invalidated (refetched at
 * once where it is on screen, on next use otherwise). After a gap in the connection everything is.
 */

const propertiesKey = queryKeys.properties.all;
const leaderboardKey = queryKeys.leaderboard.all;
const bidsKey = queryKeys.bids();
// The profile's key (current-profile.ts uses the same), named here so the live channel does not bring the profile's
// schema into the public pages' first load.
const profileQueryKey = queryKeys.profile;

/** Withdrawal balance and history, whatever their exact keys: any query named for payouts, balance or withdrawals. */
const isMoneyQuery = (key: QueryKey) => typeof key[0] === "string" && /payout|balance|withdraw/i.test(key[0]);

function invalidate(queryClient: QueryClient, ...keys: QueryKey[]) {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

function applyPublicEvent(queryClient: QueryClient, event: PublicEvent, me: string | null): void {
  switch (event.type) {
    case "building.sold":
    case "building.listed":
    case "building.unlisted":
    case "building.renamed":
    case "building.developing":
    case "building.developed":
      // Property Details, price history and My Properties live under ["properties"]; the leaderboard sums prices.
      invalidate(queryClient, propertiesKey, leaderboardKey);
      if (event.type === "building.sold") invalidate(queryClient, bidsKey);
      if (me && event.ownerId === me) invalidate(queryClient, profileQueryKey);
      return;
    case "player.recoloured":
      if (event.userId === me) invalidate(queryClient, profileQueryKey);
      invalidate(queryClient, propertiesKey);
      return;
    case "map.changed":
      invalidate(queryClient, propertiesKey, leaderboardKey, bidsKey);
      return;
  }
}

/** While a player is signed in, follows the live channel and refreshes what it touches. */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const signedIn = hasSession();

  useEffect(() => {
    if (!signedIn) return;
    const me = getUserId();
    return live.subscribe({
      onEvent: (event) => applyPublicEvent(queryClient, event, me),
      onActivity: (activity) => {
        invalidate(queryClient, bidsKey, profileQueryKey, propertiesKey, leaderboardKey);
        if (activity.type.startsWith("offer.")) {
          void queryClient.invalidateQueries({ queryKey: queryKeys.offerwall.all });
        }
        if (activity.type.startsWith("payout.")) {
          void queryClient.invalidateQueries({ predicate: (q) => isMoneyQuery(q.queryKey) });
        }
      },
      onWatched: () => invalidate(queryClient, queryKeys.watchlist),
      onResync: () => void queryClient.invalidateQueries(),
    });
  }, [signedIn, queryClient]);
}
