import { errors, formats, texts } from "@mx/shared/messages";
import { formatCents } from "@mx/shared/money";
import { useRef, useState } from "react";
import { useLocation } from "react-router";
import { z } from "zod";
import { ReviewScreen } from "../../../components/review-screen/review-screen";
import { Button } from "../../../components/ui/button";
import { ErrorBox, StatusNote } from "../../../components/ui/error-box";
import { showAlert } from "../../../lib/alerts";
import { errorMessage } from "../../../lib/api-client";
import { savePendingAsk } from "../../../lib/pending-ask";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { checkOnboarding } from "../api/check-onboarding";
import { useCancelSale, usePlaceAsk } from "../api/sale-mutations";
import { type Ask, askTotals, coversFee, readAsk } from "../ask";
import { AskLines } from "../components/ask-lines";
import { type ConfirmPhase, ConfirmSellDialog } from "../components/confirm-sell-dialog";
import { saleCopy } from "../copy";
import "../sale.css";
import { LeaveReview, useBackToBuilding } from "../../../lib/app-history";
import { useProfile } from "../../../lib/current-profile";

/** /sell-review, the Place Ask screen: reviews the ask Property Details sent in the router state. */
export function SellReviewRoute() {
  const location = useLocation();
  const ask = readAsk(location.state);
  useDocumentTitle(saleCopy.title);
  if (!ask) return <LeaveReview />;
  return <SellReview ask={ask} routerState={location.state} />;
}

/** How payout onboarding ended, when the player comes back from it to this screen. */
const OnboardingState = z.object({ onboarding: z.enum(["connected", "unfinished"]) });

/** The router state as a record of its keys; anything else is an empty one. */
const StateRecord = z.record(z.string(), z.unknown()).catch({});

/** The note Sell Review opens with when the player comes back from payout onboarding. */
function onboardingNote(state: unknown): string | null {
  const parsed = OnboardingState.safeParse(state);
  if (!parsed.success) return null;
  return parsed.data.onboarding === "connected" ? saleCopy.payoutsReady : saleCopy.payoutsUnfinished;
}

function SellReview({ ask, routerState }: { ask: Ask; routerState: unknown }) {
  const place = usePlaceAsk();
  const cancel = useCancelSale();
  const profile = useProfile();
  const [phase, setPhase] = useState<ConfirmPhase | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  // Guards a double click before React has re-rendered the busy button.
  const isWorking = useRef(false);

  const { price } = ask;
  const totals = price === null ? null : askTotals(price);
  const priceProblem = price === null ? errors.validPrice : coversFee(price) ? null : saleCopy.priceTooLow;
  const isBusy = phase !== null && phase !== "confirm";

  const goBack = useBackToBuilding(ask);

  const openConfirm = () => {
    if (!ask.propertyId) {
      void showAlert(errors.missingPropertyId);
      return;
    }
    if (priceProblem) {
      void showAlert(priceProblem);
      return;
    }
    place.reset();
    setDialogError(null);
    setPhase("confirm");
  };

  /** Confirm Sell: payouts must be connected first; otherwise off to the provider's onboarding. */
  const confirmSell = async () => {
    if (price === null || isWorking.current) return;
    isWorking.current = true;
    setDialogError(null);
    setPhase("checking");

    let status: Awaited<ReturnType<typeof checkOnboarding>>;
    try {
      status = await checkOnboarding();
    } catch (cause) {
      isWorking.current = false;
      setPhase("confirm");
      setDialogError(errorMessage(cause, errors.checkOnboardingFailed));
      return;
    }

    if (!status.isConnected) {
      // The page unloads from here; the dialog stays busy and says where the player is going.
      setPhase("redirecting");
      // The provider brings the player back to /assets; the ask waits there to be resumed.
      const { onboarding: _, ...state } = StateRecord.parse(routerState);
      savePendingAsk(state);
      try {
        window.location.assign(status.redirectLink);
      } catch {
        isWorking.current = false;
        setPhase("confirm");
        setDialogError(errors.startOnboardingFailed);
      }
      return;
    }

    setPhase("placing");
    place.mutate(
      { propertyId: ask.propertyId, bidAmount: price, name: ask.name },
      {
        onSuccess: ({ message }) => {
          void showAlert(message);
          goBack();
        },
        onError: (cause) => {
          isWorking.current = false;
          setPhase(null);
          void showAlert(formats.placeAskFailed(errorMessage(cause, saleCopy.noAnswer)));
        },
      },
    );
  };

  const cancelTheSale = () => {
    if (!ask.propertyId) {
      void showAlert(errors.missingPropertyId);
      return;
    }
    if (isWorking.current) return;
    isWorking.current = true;
    cancel.mutate(
      { propertyId: ask.propertyId, name: ask.name },
      {
        onSuccess: ({ message }) => {
          void showAlert(message);
          goBack();
        },
        onError: (cause) => {
          isWorking.current = false;
          void showAlert(formats.cancelFailed(errorMessage(cause, saleCopy.noAnswer)));
        },
      },
    );
  };

  return (
    <ReviewScreen
      title={saleCopy.title}
      onBack={goBack}
      tone="sell"
      eyebrow={saleCopy.youAreSelling}
      name={ask.name}
      details={ask.forSale ? <p className="sale-badge">{saleCopy.forSaleNow}</p> : null}
      summary={
        <>
          <StatusNote>{onboardingNote(routerState)}</StatusNote>
          {totals ? <AskLines totals={totals} /> : null}
          <ErrorBox>{priceProblem}</ErrorBox>
          <p className="review-note review-note--start">{saleCopy.feeNote}</p>
        </>
      }
    >
      <div className="review__actions review__actions--pair">
        {/* Only a building on the market has a sale to cancel. */}
        {ask.forSale ? (
          <div className="sale-review__cancel">
            <Button
              variant="secondary"
              block
              className="btn--large"
              onClick={cancelTheSale}
              disabled={isBusy}
              busy={cancel.isPending || cancel.isSuccess}
            >
              {texts.cancelSale}
            </Button>
          </div>
        ) : null}
        <Button
          block
          className="btn--large"
          onClick={openConfirm}
          disabled={cancel.isPending || cancel.isSuccess}
        >
          {texts.confirmAsk}
        </Button>
      </div>
      {profile.data ? (
        <p className="review-note">
          {profile.data.isStripeIntegrated ? saleCopy.payoutNote : saleCopy.payoutNoteBeforeOnboarding}
        </p>
      ) : null}

      {phase !== null && totals && price !== null ? (
        <ConfirmSellDialog
          buildingName={ask.name}
          price={formatCents(totals.priceCents)}
          totals={totals}
          phase={place.isSuccess ? "placing" : phase}
          error={dialogError}
          onCancel={() => setPhase(null)}
          onConfirm={() => void confirmSell()}
        />
      ) : null}
    </ReviewScreen>
  );
}
