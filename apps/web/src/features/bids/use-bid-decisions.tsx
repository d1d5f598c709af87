import { errors, formats } from "@mx/shared/messages";
import type { Bid } from "@mx/shared/schemas/bids";
import { type ReactNode, useState } from "react";
import { errorMessage } from "../../lib/api-client";
import { useIdempotentRetry } from "../../lib/use-idempotent-retry";
import { useAcceptBid } from "./api/accept-bid";
import { useCancelBid } from "./api/cancel-bid";
import { useRejectBid } from "./api/reject-bid";
import { bidderName } from "./bid-list";
import { BidDecisionDialogs } from "./components/bid-decision-dialogs";
import type { BidDecision } from "./components/decide-bid-dialog";
import { bidsCopy } from "./copy";
import {
  type Decision,
  type DecisionCall,
  type DecisionRunner,
  useDecisionRunner,
  type Working,
} from "./use-decision-runner";

export interface BidDecisions {
  /** The request in flight, if any: one decision at a time. */
  working: Working;
  /** What the last decision did ('Bid accepted. …'), for a status line. */
  notice: string | null;
  clearNotice: () => void;
  /** Each opens its confirmation dialog; nothing is sent before the player confirms. */
  askAccept: (bid: Bid) => void;
  askDecline: (bid: Bid) => void;
  askCancel: (bid: Bid) => void;
  /** The open confirmation dialog, or null: render it once, anywhere on the page. */
  dialogs: ReactNode;
}

/** Declines or cancels the bid, as its dialog asked, with the call for that decision. */
function decide(
  run: DecisionRunner["run"],
  call: { mutate: (bidId: string, done: Parameters<DecisionCall>[0]) => void },
  bid: Bid,
  decision: BidDecision,
) {
  if (decision === "decline") {
    run(
      bid,
      "decline",
      (done) => call.mutate(bid.bidId, done),
      bidsCopy.declined(bidderName(bid)),
      (cause) => formats.rejectFailed(errorMessage(cause, errors.rejectBidFailed)),
    );
  } else {
    run(
      bid,
      "cancel",
      (done) => call.mutate(bid.bidId, done),
      bidsCopy.cancelled(bid.propertyDetails.name),
      (cause) => formats.cancelFailed(errorMessage(cause, errors.cancelBidFailed)),
    );
  }
}

/**
 * Accepting, declining and cancelling a bid, each asked first in its dialog ('Accept Bid', 'Decline Bid',
 * 'Cancel Bid'), one at a time, with the same calls, texts and failure alerts ('Accept failed: …') wherever a
 * bid is shown: My Bids, and the bids on a building its owner sees on Property Details.
 */
export function useBidDecisions({
  onDecided,
}: {
  /** Called once a decision went through, with what it did in words ('Bid accepted. …'). */
  onDecided?: (bid: Bid, action: Decision, notice: string) => void;
} = {}): BidDecisions {
  const accept = useAcceptBid();
  const reject = useRejectBid();
  const cancel = useCancelBid();
  const [toAccept, setToAccept] = useState<Bid | null>(null);
  const [toDecide, setToDecide] = useState<{ bid: Bid; decision: BidDecision } | null>(null);
  const { working, notice, clearNotice, run } = useDecisionRunner({
    onDecided,
    onSettled: () => {
      setToAccept(null);
      setToDecide(null);
    },
  });
  // An acceptance that got no clear answer (network, 5xx): accepting the same bid again reuses its key.
  const acceptRetry = useIdempotentRetry();

  const confirmAccept = () => {
    const bid = toAccept;
    if (!bid) return;
    const idempotencyKey = acceptRetry.keyFor(bid.bidId);
    run(
      bid,
      "accept",
      // The promise, not mutate's own callbacks: those are dropped once the component is gone, and an accepted bid
      // can take it away before its answer arrives (the sale, told live, makes the owner's bids list unmount). What
      // it did must still be said where the list was.
      (done) =>
        void accept.mutateAsync({ bidId: bid.bidId, idempotencyKey }).then(
          () => {
            acceptRetry.succeeded();
            done.onSuccess();
          },
          (cause: unknown) => {
            acceptRetry.failed(idempotencyKey, bid.bidId, cause);
            done.onError(cause);
          },
        ),
      bidsCopy.accepted(bid.propertyDetails.name, bidderName(bid)),
      (cause) => formats.acceptFailed(errorMessage(cause, errors.acceptBidFailed)),
    );
  };

  return {
    working,
    notice,
    clearNotice,
    askAccept: (bid) => {
      accept.reset();
      setToAccept(bid);
    },
    askDecline: (bid) => setToDecide({ bid, decision: "decline" }),
    askCancel: (bid) => setToDecide({ bid, decision: "cancel" }),
    dialogs: (
      <BidDecisionDialogs
        toAccept={toAccept}
        toDecide={toDecide}
        working={working}
        onCancelAccept={() => setToAccept(null)}
        onConfirmAccept={confirmAccept}
        onKeep={() => setToDecide(null)}
        onDecide={(bid, decision) => decide(run, decision === "decline" ? reject : cancel, bid, decision)}
      />
    ),
  };
}
