import { api } from "@mx/shared/routes";
import { BidData } from "@mx/shared/schemas/bids";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { applyDecision, type BidDecision, type DecidedBid } from "./update-bid-lists";

/** POST properties/reject-bid {bidId}, by the owner: declines the bid and the bidder's hold is released. */
async function rejectBid(bidId: string): Promise<BidDecision> {
  const reply = await apiRequest(api.rejectBid, {
    schema: BidData,
    method: "POST",
    body: { bidId },
    auth: true,
  });
  // The game's clients read data.bid; a reply without one still means the call went through.
  const bid: DecidedBid = reply.data?.bid ?? { bidId, status: "rejected" };
  return { bid, message: reply.message };
}

export function useRejectBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectBid,
    onSuccess: ({ bid }) => {
      applyDecision(queryClient, bid);
    },
  });
}
