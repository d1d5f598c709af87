import { ASK_PROCESSING_FEE_CENTS } from "@mx/shared/constants";
import { formatCents, formatDollars } from "@mx/shared/money";
import type { Bid } from "@mx/shared/schemas/bids";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { sellerReceivesCents } from "../bid";
import { bidsCopy } from "../copy";
import "../../../components/ui/amount-lines.css";

/**
 * 'Accept Bid': the building goes to the bidder for the bid, and the seller receives the bid less
 * the processing fee. Focus starts on Cancel: accepting cannot be undone.
 */
export function AcceptBidDialog({
  bid,
  isAccepting,
  onCancel,
  onConfirm,
}: {
  bid: Bid;
  isAccepting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const bidder = bid.bidderDetails.fullName;
  const amount = formatDollars(bid.bidAmount);
  const name = bid.propertyDetails.name;
  return (
    <Dialog isOpen title={bidsCopy.acceptTitle} onClose={onCancel} isBusy={isAccepting}>
      <p className="dialog__text">
        <strong className="bid-confirm__strong">{bidsCopy.acceptQuestion(bidder, amount, name)}</strong>
      </p>
      <p className="dialog__text">{bidsCopy.acceptOutcome(name, bidder, amount)}</p>
      <dl className="amount-lines amount-lines--boxed bid-lines--boxed">
        <div className="amount-lines__row">
          <dt>{bidsCopy.bidLabel}</dt>
          <dd>{amount}</dd>
        </div>
        <div className="amount-lines__row">
          <dt>{bidsCopy.askFee}</dt>
          {/* A real minus sign; screen readers read it as "minus". */}
          <dd>−{formatCents(ASK_PROCESSING_FEE_CENTS)}</dd>
        </div>
        <div className="amount-lines__row amount-lines__row--total">
          <dt>{bidsCopy.youReceive}</dt>
          <dd>{formatCents(sellerReceivesCents(bid.bidAmount))}</dd>
        </div>
      </dl>
      <p className="bid-note">{bidsCopy.askFeeNote}</p>
      <p className="visually-hidden" role="status">
        {isAccepting ? bidsCopy.accepting : ""}
      </p>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onCancel} disabled={isAccepting}>
          {bidsCopy.cancel}
        </Button>
        <Button onClick={onConfirm} busy={isAccepting}>
          {isAccepting ? bidsCopy.accepting : bidsCopy.acceptBid}
        </Button>
      </div>
    </Dialog>
  );
}
