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

/**
 * GET properties/bids?type=owner&buildingId&status=pending: the pending bids on one of the viewer's buildings,
 * newest first, as many as a page holds (bids past it stay in My Bids).
 */
async function getBuildingBids(buildingId: string, signal?: AbortSignal): Promise<BidListData> {
  const query = new URLSearchParams({
    type: "owner",
    buildingId,
    status: "pending",
    limit: String(PAGE_SIZE.max),
    offset: "0",
  });
  const reply = await apiRequest(`${api.bids}?${query}`, { auth: true, signal, schema: BidListData });
  return { totalCount: reply.data?.totalCount ?? 0, bidList: reply.data?.bidList ?? [] };
}

/** Only for the building's owner: `enabled` is false for everyone else. */
export function useBuildingBids(buildingId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.buildingBids(buildingId),
    queryFn: ({ signal }) => getBuildingBids(buildingId, signal),
    enabled: enabled && buildingId !== "",
  });
}
