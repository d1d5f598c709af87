import { api } from "@mx/shared/routes";
import { BidData } from "@mx/shared/schemas/bids";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { applyDecision, type BidDecision, type DecidedBid } from "./update-bid-lists";

/** POST properties/cancel-bid {bidId}, by the bidder: withdraws a pending bid and its hold is released. */
async function cancelBid(bidId: string): Promise<BidDecision> {
  const reply = await apiRequest(api.cancelBid, {
    schema: BidData,
    method: "POST",
    body: { bidId },
    auth: true,
  });
  // The game's clients read data.bid; a reply without one still means the call went through.
  const bid: DecidedBid = reply.data?.bid ?? { bidId, status: "cancelled" };
  return { bid, message: reply.message };
}

export function useCancelBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBid,
    onSuccess: ({ bid }) => {
      applyDecision(queryClient, bid);
    },
  });
}
