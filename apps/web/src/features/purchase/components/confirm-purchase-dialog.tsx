import { texts } from "@mx/shared/messages";
import type { PaymentCard } from "@mx/shared/schemas/payments";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { cardOnFileLabel } from "../../../lib/card-labels";
import { purchaseCopy } from "../copy";
import "../../../components/ui/amount-lines.css";

interface ConfirmPurchaseDialogProps {
  isOpen: boolean;
  /** What is bought: a building's name, or a development of one. */
  buildingName: string;
  /** The words before it; "You are buying" by default. */
  lead?: string;
  /** The closing note: that all sales are final. */
  note?: string;
  /** Formatted, e.g. "$1,208.99". */
  total: string;
  card: PaymentCard;
  /** Formatted credits spent and what the card is then charged, when credits pay part of the total. */
  credits?: { spent: string; charged: string };
  isPaying: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * 'Confirm Purchase': restates what is bought, the total and the card charged. Focus starts on
 * Cancel, so a stray Enter never pays; while paying the dialog cannot be dismissed.
 */
export function ConfirmPurchaseDialog({
  isOpen,
  buildingName,
  lead = purchaseCopy.youAreBuying,
  note = purchaseCopy.finalSale,
  total,
  card,
  credits,
  isPaying,
  onCancel,
  onConfirm,
}: ConfirmPurchaseDialogProps) {
  return (
    <Dialog isOpen={isOpen} title={texts.confirmPurchase} onClose={onCancel} isBusy={isPaying}>
      <p className="dialog__text">
        {lead} <strong className="confirm-purchase__name">{buildingName}</strong>.
      </p>
      <dl className="amount-lines amount-lines--boxed confirm-purchase__lines">
        <div className="amount-lines__row amount-lines__row--total">
          <dt>{purchaseCopy.total}</dt>
          <dd>{total}</dd>
        </div>
        {credits ? (
          <>
            <div className="amount-lines__row">
              <dt>{purchaseCopy.paidWithCredits}</dt>
              <dd>−{credits.spent}</dd>
            </div>
            <div className="amount-lines__row">
              <dt>{purchaseCopy.chargedToCard}</dt>
              <dd>{credits.charged}</dd>
            </div>
          </>
        ) : null}
        <div className="amount-lines__row">
          <dt>{purchaseCopy.chargeLabel}</dt>
          <dd>{cardOnFileLabel(card)}</dd>
        </div>
      </dl>
      <p className="review-note">{note}</p>
      <p className="visually-hidden" role="status">
        {isPaying ? purchaseCopy.paying : ""}
      </p>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onCancel} disabled={isPaying}>
          {purchaseCopy.cancel}
        </Button>
        <Button onClick={onConfirm} busy={isPaying}>
          {isPaying ? purchaseCopy.paying : purchaseCopy.pay(credits?.charged ?? total)}
        </Button>
      </div>
    </Dialog>
  );
}
