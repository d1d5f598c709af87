import type { PaymentCard } from "@mx/shared/schemas/payments";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { cardOnFileLabel } from "../../../lib/card-labels";
import { bidsCopy } from "../copy";
import "../../../components/ui/amount-lines.css";

interface ConfirmBidDialogProps {
  buildingName: string;
  /** Formatted, e.g. "$1,600.00". */
  bidAmount: string;
  /** Formatted: what the card is held for. */
  total: string;
  card: PaymentCard;
  isPlacing: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * 'Confirm Bid': restates the bid, what is held on which card, when the hold is released and when
 * it is captured. Focus starts on Cancel, so a stray Enter never places a bid; while placing the
 * dialog cannot be dismissed.
 */
export function ConfirmBidDialog({
  buildingName,
  bidAmount,
  total,
  card,
  isPlacing,
  onCancel,
  onConfirm,
}: ConfirmBidDialogProps) {
  return (
    <Dialog isOpen title={bidsCopy.confirmTitle} onClose={onCancel} isBusy={isPlacing}>
      <p className="dialog__text">
        {bidsCopy.youBid} <strong className="bid-confirm__strong">{bidAmount}</strong> {bidsCopy.on}{" "}
        <strong className="bid-confirm__strong">{buildingName}</strong>.
      </p>
      <dl className="amount-lines amount-lines--boxed bid-lines--boxed">
        <div className="amount-lines__row amount-lines__row--total">
          <dt>{bidsCopy.heldOnCard}</dt>
          <dd>{total}</dd>
        </div>
        <div className="amount-lines__row">
          <dt>{bidsCopy.card}</dt>
          <dd>{cardOnFileLabel(card)}</dd>
        </div>
      </dl>
      <p className="dialog__text">{bidsCopy.confirmHold(total)}</p>
      <p className="dialog__text">{bidsCopy.confirmCapture(total)}</p>
      <p className="visually-hidden" role="status">
        {isPlacing ? bidsCopy.placing : ""}
      </p>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onCancel} disabled={isPlacing}>
          {bidsCopy.cancel}
        </Button>
        <Button onClick={onConfirm} busy={isPlacing}>
          {isPlacing ? bidsCopy.placing : bidsCopy.placeBid}
        </Button>
      </div>
    </Dialog>
  );
}
