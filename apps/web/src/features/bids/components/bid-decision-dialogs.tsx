import type { Bid } from "@mx/shared/schemas/bids";
import type { Working } from "../use-decision-runner";
import { AcceptBidDialog } from "./accept-bid-dialog";
import { type BidDecision, DecideBidDialog } from "./decide-bid-dialog";

interface BidDecisionDialogsProps {
  toAccept: Bid | null;
  toDecide: { bid: Bid; decision: BidDecision } | null;
  working: Working;
  onCancelAccept: () => void;
  onConfirmAccept: () => void;
  onKeep: () => void;
  /** Declines or cancels the bid of the open 'Decline Bid' or 'Cancel Bid'. */
  onDecide: (bid: Bid, decision: BidDecision) => void;
}

/** The open confirmation of a decision on a bid, if any: 'Accept Bid', or 'Decline Bid' and 'Cancel Bid'. */
export function BidDecisionDialogs({
  toAccept,
  toDecide,
  working,
  onCancelAccept,
  onConfirmAccept,
  onKeep,
  onDecide,
}: BidDecisionDialogsProps) {
  return (
    <>
      {toAccept ? (
        <AcceptBidDialog
          bid={toAccept}
          isAccepting={working?.action === "accept"}
          onCancel={onCancelAccept}
          onConfirm={onConfirmAccept}
        />
      ) : null}
      {toDecide ? (
        <DecideBidDialog
          bid={toDecide.bid}
          decision={toDecide.decision}
          isWorking={working?.bidId === toDecide.bid.bidId}
          onKeep={onKeep}
          onConfirm={() => onDecide(toDecide.bid, toDecide.decision)}
        />
      ) : null}
    </>
  );
}
