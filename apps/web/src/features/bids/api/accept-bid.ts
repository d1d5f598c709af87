import { api } from "@mx/shared/routes";
import { BidData } from "@mx/shared/schemas/bids";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { applyDecision, type BidDecision, type DecidedBid, refreshAfterSale } from "./update-bid-lists";

interface AcceptBidInput {
  bidId: string;
  /** A retry of an acceptance whose outcome is unknown reuses it: the capture is never made twice. */
  idempotencyKey: string;
}

/** POST properties/accept-bid {bidId}, by the owner: captures the bidder's hold and the building changes hands. */
async function acceptBid({ bidId, idempotencyKey }: AcceptBidInput): Promise<BidDecision> {
  const reply = await apiRequest(api.acceptBid, {
    schema: BidData,
    method: "POST",
    body: { bidId },
    auth: true,
    headers: { "Idempotency-Key": idempotencyKey },
  });
  // The game's clients read data.bid; a reply without one still means the call went through.
  const bid: DecidedBid = reply.data?.bid ?? { bidId, status: "accepted" };
  return { bid, message: reply.message };
}

export function useAcceptBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptBid,
    onSuccess: ({ bid }) => {
      applyDecision(queryClient, bid);
      refreshAfterSale(queryClient);
    },
  });
}
