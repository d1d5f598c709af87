import { texts } from "@mx/shared/messages";
import { Button } from "../../../components/ui/button";

/** Sell Review's buttons: Cancel Sale (only for a building on the market) beside Confirm Ask. */
export function SellReviewActions({
  forSale,
  isBusy,
  isCancelling,
  onCancelSale,
  onConfirm,
}: {
  forSale: boolean;
  /** The ask is being placed: the sale cannot be cancelled meanwhile. */
  isBusy: boolean;
  /** The sale is being (or has been) cancelled: the ask cannot be confirmed meanwhile. */
  isCancelling: boolean;
  onCancelSale: () => void;
  onConfirm: () => void;
}) {
  return (
    <div className="review__actions review__actions--pair">
      {/* Only a building on the market has a sale to cancel. */}
      {forSale ? (
        <div className="sale-review__cancel">
          <Button
            variant="secondary"
            block
            className="btn--large"
            onClick={onCancelSale}
            disabled={isBusy}
            busy={isCancelling}
          >
            {texts.cancelSale}
          </Button>
        </div>
      ) : null}
      <Button block className="btn--large" onClick={onConfirm} disabled={isCancelling}>
        {texts.confirmAsk}
      </Button>
    </div>
  );
}
