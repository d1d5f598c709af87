import { BID_INPUT_STEP } from "@mx/shared/constants";
import { errors, texts } from "@mx/shared/messages";
import { formatCents, formatDollars } from "@mx/shared/money";
import { paths } from "@mx/shared/routes";
import type { PaymentCard } from "@mx/shared/schemas/payments";
import { useId, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { BankCheckDialog } from "../../../components/bank-check/bank-check-dialog";
import { isBankCheckCancelled } from "../../../components/bank-check/confirm-with-bank";
import { useBankCheck } from "../../../components/bank-check/use-bank-check";
import { PayWithPaypal } from "../../../components/paypal/pay-with-paypal";
import { PAYPAL_CARD, paypalCopy } from "../../../components/paypal/paypal-method";
import { CardToUse } from "../../../components/review-screen/card-to-use";
import { ReviewDetail, ReviewScreen } from "../../../components/review-screen/review-screen";
import { Button } from "../../../components/ui/button";
import { chosenCard } from "../../../components/ui/card-picker";
import { TextField } from "../../../components/ui/text-field";
import { showAlert } from "../../../lib/alerts";
import { errorMessage } from "../../../lib/api-client";
import { LeaveReview, useBackToBuilding } from "../../../lib/app-history";
import { usePaymentMethods } from "../../../lib/default-card";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useIdempotentRetry } from "../../../lib/use-idempotent-retry";
import { useGenerateBid } from "../api/generate-bid";
import { useSubmitBid } from "../api/submit-bid";
import { type BidDraft, bidTotals, checkBid, minimumBid, readBidDraft } from "../bid";
import { BidLines } from "../components/bid-lines";
import { ConfirmBidDialog } from "../components/confirm-bid-dialog";
import { bidsCopy } from "../copy";
import "../bids.css";

/** /bid-review: reviews the bid Property Details sent in the router state, then places it. */
export function BidReviewRoute() {
  const location = useLocation();
  const draft = readBidDraft(location.state);
  useDocumentTitle(bidsCopy.reviewTitle);
  if (!draft) return <LeaveReview />;
  return <BidReview draft={draft} />;
}

interface Confirmation {
  /** One per opened confirmation; kept for a retry only when the last attempt's outcome is unknown. */
  idempotencyKey: string;
  /** The card as shown when the player opened the dialog: the one that is held. */
  card: PaymentCard;
  /** The bid confirmed, dollars. */
  amount: number;
}

/** What one key may be sent with: the server refuses a key reused for a different request. */
const fingerprintOf = (propertyId: string, amount: number, paymentMethodId: string) =>
  `${propertyId}|${amount}|${paymentMethodId}`;

function BidReview({ draft }: { draft: BidDraft }) {
  const navigate = useNavigate();
  const inputId = useId();
  const cards = usePaymentMethods();
  const check = useGenerateBid();
  const bank = useBankCheck();
  const submit = useSubmitBid(bank.confirmWithBank);
  const [pickedCardId, setPickedCardId] = useState<string | null>(null);
  const holdCard = chosenCard(cards.data, pickedCardId);

  const [value, setValue] = useState(draft.bidAmount === null ? "" : draft.bidAmount.toFixed(2));
  // The rule is shown once the player has left the field or tried to bid, not at every keystroke.
  const [showProblem, setShowProblem] = useState(draft.bidAmount !== null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  // A key whose request got no clear answer (network, 5xx): the same bid retried reuses it, so a
  // hold that did go through is answered again instead of made twice.
  const retry = useIdempotentRetry();
  // Guards a double click before React has re-rendered the busy button.
  const isWorking = useRef(false);

  const bid = checkBid(value, draft.price);
  const totals = bid.amount === null ? null : bidTotals(bid.amount);
  const problem = showProblem ? bid.problem : null;
  const isBusy = check.isPending || submit.isPending || submit.isSuccess;

  const goBack = useBackToBuilding(draft);

  /** Place Bid: the bid's own rules, a card, then the server's check before anything is held. */
  const placeBid = (chosen = holdCard) => {
    if (isWorking.current) return;
    if (bid.amount === null) {
      setShowProblem(true);
      document.getElementById(inputId)?.focus();
      return;
    }
    if (!draft.propertyId) {
      void showAlert(errors.missingPropertyId);
      return;
    }
    if (!chosen) {
      void showAlert(errors.addCardFirst);
      return;
    }
    const amount = bid.amount;
    const card = chosen;
    isWorking.current = true;
    check.mutate(
      { propertyId: draft.propertyId, bidAmount: amount },
      {
        onSuccess: () => {
          isWorking.current = false;
          const fingerprint = fingerprintOf(draft.propertyId, amount, card.paymentMethodId);
          submit.reset();
          setConfirmation({ idempotencyKey: retry.keyFor(fingerprint), card, amount });
        },
        onError: (cause) => {
          isWorking.current = false;
          void showAlert(errorMessage(cause, errors.submitBidFailed));
        },
      },
    );
  };

  const confirm = () => {
    if (!confirmation || isWorking.current) return;
    isWorking.current = true;
    const { idempotencyKey, card, amount } = confirmation;
    submit.mutate(
      {
        propertyId: draft.propertyId,
        bidAmount: amount,
        paymentMethodId: card.paymentMethodId,
        idempotencyKey,
        name: draft.name,
      },
      {
        onSuccess: ({ message }) => {
          retry.succeeded();
          void showAlert(message);
          // The review is done with: Back from My Bids returns to the building, not here.
          void navigate(`${paths.bids}?tab=buy`, { replace: true });
        },
        onError: (cause) => {
          isWorking.current = false;
          // A bank's check given up keeps its key too: placing the bid again resumes the same hold.
          retry.failed(idempotencyKey, fingerprintOf(draft.propertyId, amount, card.paymentMethodId), cause);
          setConfirmation(null);
          if (isBankCheckCancelled(cause)) return;
          void showAlert(errorMessage(cause, errors.submitBidFailed));
        },
      },
    );
  };

  const askingPrice = formatDollars(draft.price);

  return (
    <ReviewScreen
      title={bidsCopy.reviewTitle}
      onBack={goBack}
      tone="bid"
      eyebrow={bidsCopy.youAreBidding}
      name={draft.name}
      details={draft.address ? <ReviewDetail>{draft.address}</ReviewDetail> : null}
      summary={
        <>
          <p className="bid-review__asking">
            <span>{bidsCopy.askingPrice}</span> <strong>{askingPrice}</strong>
          </p>
          <form
            className="bid-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              placeBid();
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
              value={value}
              hint={bidsCopy.bidHint(askingPrice)}
              aria-invalid={problem ? true : undefined}
              aria-errormessage={problem ? `${inputId}-problem` : undefined}
              disabled={isBusy}
              onChange={(event) => setValue(event.target.value)}
              onBlur={() => setShowProblem(true)}
            />
            {problem ? (
              <div id={`${inputId}-problem`} className="notice notice--error" role="alert">
                {problem}
              </div>
            ) : null}
          </form>
          <BidLines totals={totals} />
        </>
      }
    >
      <CardToUse
        cards={cards}
        title={bidsCopy.holdOn}
        copy={bidsCopy}
        selectedId={holdCard?.paymentMethodId ?? null}
        onSelect={setPickedCardId}
        disabled={confirmation !== null}
      />

      <div className="review__actions">
        <Button
          block
          className="btn--large"
          onClick={() => placeBid()}
          // Until the cards are known, 'Please add a card first.' could be wrong.
          disabled={cards.isPending || cards.isError || submit.isPending || submit.isSuccess}
          busy={check.isPending}
        >
          {check.isPending ? bidsCopy.checking : bidsCopy.placeBid}
        </Button>
        <PayWithPaypal
          label={paypalCopy.bidWithPaypal}
          note={paypalCopy.bidNote}
          onClick={() => placeBid(PAYPAL_CARD)}
          disabled={submit.isPending || submit.isSuccess || check.isPending}
        />
        <p className="review-note">{bidsCopy.holdNote}</p>
      </div>

      {confirmation && !bank.view ? (
        <ConfirmBidDialog
          buildingName={draft.name}
          bidAmount={formatDollars(confirmation.amount)}
          total={formatCents(bidTotals(confirmation.amount).totalCents)}
          card={confirmation.card}
          isPlacing={submit.isPending || submit.isSuccess}
          onCancel={() => setConfirmation(null)}
          onConfirm={confirm}
        />
      ) : null}
      {bank.view ? (
        <BankCheckDialog view={bank.view} onAnswered={bank.answer} onCancel={bank.cancel} />
      ) : null}
    </ReviewScreen>
  );
}
