import type { Bid, BidListData } from "@mx/shared/schemas/bids";
import type { QueryClient } from "@tanstack/react-query";
import { profileQueryKey } from "../../../lib/current-profile";
import { queryKeys } from "../../../lib/query-keys";
import { withStatus } from "../bid-list";
import { bidsKey } from "./get-bids";

/** The bid as accept-, reject- and cancel-bid return it: at least its id and new status. */
export type DecidedBid = Pick<Bid, "bidId" | "status"> & Partial<Bid>;

export interface BidDecision {
  bid: DecidedBid;
  /** The server's message, when it sent one. */
  message: string;
}

/**
 * The bid's status is replaced by the one the server returned, at once in every loaded
 * page, and then the lists are read again. Not awaited: the player sees the change first.
 */
export function applyDecision(queryClient: QueryClient, bid: DecidedBid): void {
  queryClient.setQueriesData<BidListData>({ queryKey: bidsKey() }, (list) =>
    list ? withStatus(list, bid) : list,
  );
  void queryClient.invalidateQueries({ queryKey: bidsKey() });
}

/**
 * An accepted bid moves a building: the seller's and buyer's properties and totals, the
 * leaderboard and the building's details ("properties" covers details, history and lists).
 */
export function refreshAfterSale(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  void queryClient.invalidateQueries({ queryKey: queryKeys.properties.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard.all });
}
