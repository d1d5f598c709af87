import { BID_INPUT_STEP } from "@mx/shared/constants";
import { texts } from "@mx/shared/messages";
import { formatCents, formatDollars } from "@mx/shared/money";
import { useLocation } from "react-router";
import { PayPanel } from "../../../components/payment/pay-panel";
import { paypalCopy } from "../../../components/paypal/paypal-method";
import { ReviewDetail, ReviewScreen } from "../../../components/review-screen/review-screen";
import { TextField } from "../../../components/ui/text-field";
import { LeaveReview, useBackToBuilding } from "../../../lib/app-history";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { type BidDraft, bidTotals, minimumBid, readBidDraft } from "../bid";
import { BidLines } from "../components/bid-lines";
import { ConfirmBidDialog } from "../components/confirm-bid-dialog";
import { bidsCopy } from "../copy";
import { usePlaceBid } from "../use-place-bid";
import "../bids.css";

/** /bid-review: reviews the bid Property Details sent in the router state, then places it. */
export function BidReviewRoute() {
  const location = useLocation();
  const draft = readBidDraft(location.state);
  useDocumentTitle(bidsCopy.reviewTitle);
  if (!draft) return <LeaveReview />;
  return <BidReview draft={draft} />;
}

function BidReview({ draft }: { draft: BidDraft }) {
  const placing = usePlaceBid(draft);
  const { pay, isChecking, isPlacing } = placing;
  const goBack = useBackToBuilding(draft);

  return (
    <ReviewScreen
      title={bidsCopy.reviewTitle}
      onBack={goBack}
      tone="bid"
      eyebrow={bidsCopy.youAreBidding}
      name={draft.name}
      details={draft.address ? <ReviewDetail>{draft.address}</ReviewDetail> : null}
      summary={<BidSummary draft={draft} placing={placing} />}
    >
      <PayPanel
        payment={pay}
        title={bidsCopy.holdOn}
        copy={bidsCopy}
        action={{
          label: isChecking ? bidsCopy.checking : bidsCopy.placeBid,
          disabled: isPlacing,
          busy: isChecking,
        }}
        paypal={{
          label: paypalCopy.bidWithPaypal,
          note: paypalCopy.bidNote,
          disabled: isPlacing || isChecking,
        }}
        onPay={(card) => placing.placeBid(card)}
        note={bidsCopy.holdNote}
        confirmDialog={(confirmation) => (
          <ConfirmBidDialog
            buildingName={draft.name}
            bidAmount={formatDollars(confirmation.details)}
            total={formatCents(bidTotals(confirmation.details).totalCents)}
            card={confirmation.card}
            isPlacing={isPlacing}
            onCancel={pay.close}
            onConfirm={placing.confirm}
          />
        )}
      />
    </ReviewScreen>
  );
}

/** The summary card's bid: the asking price, the amount field with its rule, and what is held. */
function BidSummary({ draft, placing }: { draft: BidDraft; placing: ReturnType<typeof usePlaceBid> }) {
  const { inputId, problem } = placing;
  const askingPrice = formatDollars(draft.price);
  return (
    <>
      <p className="bid-review__asking">
        <span>{bidsCopy.askingPrice}</span> <strong>{askingPrice}</strong>
      </p>
      <form
        className="bid-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          placing.placeBid();
        }}
      >
        <TextField
          id={inputId}
          className="bid-form__field"
          label={texts.bidPriceInput}
          type="number"
          inputMode="decimal"
          min={minimumBid(draft.price)}
          step={BID_INPUT_STEP}
          value={placing.value}
          hint={bidsCopy.bidHint(askingPrice)}
          aria-invalid={problem ? true : undefined}
          aria-errormessage={problem ? `${inputId}-problem` : undefined}
          disabled={placing.isChecking || placing.isPlacing}
          onChange={(event) => placing.setValue(event.target.value)}
          onBlur={placing.showProblemNow}
        />
        {problem ? (
          <div id={`${inputId}-problem`} className="notice notice--error" role="alert">
            {problem}
          </div>
        ) : null}
      </form>
      <BidLines totals={placing.totals} />
    </>
  );
}
