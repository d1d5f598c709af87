import { formatDollars } from "@mx/shared/money";
import type { Bid } from "@mx/shared/schemas/bids";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { bidsCopy } from "../copy";

export type BidDecision = "decline" | "cancel";

/**
 * 'Decline Bid' (the owner) or 'Cancel Bid' (the bidder), asked before either is sent, as Accept is.
 * Focus starts on the button that keeps the bid: neither decision can be undone.
 */
export function DecideBidDialog({
  bid,
  decision,
  isWorking,
  onKeep,
  onConfirm,
}: {
  bid: Bid;
  decision: BidDecision;
  isWorking: boolean;
  onKeep: () => void;
  onConfirm: () => void;
}) {
  const amount = formatDollars(bid.bidAmount);
  const name = bid.propertyDetails.name;
  const isDecline = decision === "decline";
  return (
    <Dialog
      isOpen
      title={isDecline ? bidsCopy.declineTitle : bidsCopy.cancelTitle}
      onClose={onKeep}
      isBusy={isWorking}
    >
      <p className="dialog__text">
        <strong className="bid-confirm__strong">
          {isDecline
            ? bidsCopy.declineQuestion(bid.bidderDetails.fullName, amount, name)
            : bidsCopy.cancelQuestion(amount, name)}
        </strong>
      </p>
      <p className="dialog__text">{isDecline ? bidsCopy.declineOutcome : bidsCopy.cancelOutcome}</p>
      <p className="visually-hidden" role="status">
        {isWorking ? (isDecline ? bidsCopy.declining : bidsCopy.cancelling) : ""}
      </p>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onKeep} disabled={isWorking}>
          {bidsCopy.keepBid}
        </Button>
        <Button variant="danger" onClick={onConfirm} busy={isWorking}>
          {isWorking
            ? isDecline
              ? bidsCopy.declining
              : bidsCopy.cancelling
            : isDecline
              ? bidsCopy.declineBid
              : bidsCopy.cancelTheBid}
        </Button>
      </div>
    </Dialog>
  );
}
