import { api } from "@mx/shared/routes";
import { type Bid, BidData, type BidListData, type SubmitBidBody } from "@mx/shared/schemas/bids";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ConfirmWithBank } from "../../../components/bank-check/confirm-with-bank";
import { parseReply, paymentRequest } from "../../../lib/api-client";
import { withNewBid } from "../bid-list";
import { bidsCopy } from "../copy";
import { bidsKey } from "./get-bids";

export interface SubmitBidInput {
  /** The property's `_id`. */
  propertyId: string;
  /** Dollars; the server holds bid + processing fee + sales tax on the card. */
  bidAmount: number;
  paymentMethodId: string;
  /** One per confirmation: a repeat with the same key is answered with the first result, never held twice. */
  idempotencyKey: string;
  /** For the fallback message only. */
  name: string;
}

export interface PlacedBid {
  message: string;
  bid: Bid | undefined;
}

/**
 * POST properties/submit-bid: the new bid is `data.bid`. When the bank asks the bidder to confirm the hold
 * (202), `confirmWithBank` takes them through it and the bid ends as it would have with 200.
 */
async function submitBid(
  { idempotencyKey, name, ...bid }: SubmitBidInput,
  confirmWithBank: ConfirmWithBank,
): Promise<PlacedBid> {
  const body: SubmitBidBody = {
    propertyId: bid.propertyId,
    bidAmount: bid.bidAmount,
    paymentMethodId: bid.paymentMethodId,
    isApplePay: false,
  };
  const answer = await paymentRequest<unknown>(api.submitBid, {
    method: "POST",
    body,
    auth: true,
    headers: { "Idempotency-Key": idempotencyKey },
  });
  const reply = parseReply(
    api.submitBid,
    answer.requiresAction ? await confirmWithBank<unknown>(answer.action) : answer.reply,
    BidData,
  );
  return { message: reply.message || bidsCopy.bidPlaced(name), bid: reply.data.bid };
}

/**
 * The new bid goes to the front of the bidder's list at once; then the lists are read again
 * (docs/decisions/0006-bidding-rules.md).
 */
export function useSubmitBid(confirmWithBank: ConfirmWithBank) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitBidInput) => submitBid(input, confirmWithBank),
    onSuccess: ({ bid }) => {
      if (bid) {
        queryClient.setQueryData<BidListData>(bidsKey("bidder", 1), (list) =>
          list ? withNewBid(list, bid) : list,
        );
      }
      void queryClient.invalidateQueries({ queryKey: bidsKey() });
    },
  });
}
