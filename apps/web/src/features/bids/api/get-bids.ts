import { PAGE_SIZE } from "@mx/shared/constants";
import { api } from "@mx/shared/routes";
import { BidListData } from "@mx/shared/schemas/bids";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import type { BidListType } from "../bid-list";

/**
 * ["bids"] covers every list; ["bids", type] one side's pages. Anything that changes a bid
 * (placing, accepting, declining, cancelling) invalidates ["bids"].
 */
export const bidsKey = queryKeys.bids;

/** GET properties/bids?type&limit&offset: one page (1-based) of My Bids, 50 a page. */
async function getBids(type: BidListType, page: number, signal?: AbortSignal): Promise<BidListData> {
  const query = new URLSearchParams({
    type,
    limit: String(PAGE_SIZE.myBids),
    offset: String((page - 1) * PAGE_SIZE.myBids),
  });
  const reply = await apiRequest(`${api.bids}?${query}`, { auth: true, signal, schema: BidListData });
  return { totalCount: reply.data?.totalCount ?? 0, bidList: reply.data?.bidList ?? [] };
}

/**
 * Paging keeps the previous page of the same list on screen until the next one arrives; the other
 * tab's bids are never shown in its place (they would carry the other side's controls).
 */
export function useBids(type: BidListType, page: number) {
  return useQuery({
    queryKey: bidsKey(type, page),
    queryFn: ({ signal }) => getBids(type, page, signal),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === type ? previous : undefined,
  });
}
