import { errors } from "@mx/shared/messages";
import { formatCents } from "@mx/shared/money";
import { useRef } from "react";
import { useLocation } from "react-router";
import { z } from "zod";
import { ReviewScreen } from "../../../components/review-screen/review-screen";
import { ErrorBox, StatusNote } from "../../../components/ui/error-box";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { type Ask, askTotals, coversFee, readAsk } from "../ask";
import { AskLines } from "../components/ask-lines";
import { ConfirmSellDialog } from "../components/confirm-sell-dialog";
import { SellReviewActions } from "../components/sell-review-actions";
import { saleCopy } from "../copy";
import "../sale.css";
import { LeaveReview, useBackToBuilding } from "../../../lib/app-history";
import { useProfile } from "../../../lib/current-profile";
import { useCancelTheSale, useConfirmSell } from "./use-sell-actions";

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

/** The note Sell Review opens with when the player comes back from payout onboarding. */
function onboardingNote(state: unknown): string | null {
  const parsed = OnboardingState.safeParse(state);
  if (!parsed.success) return null;
  return parsed.data.onboarding === "connected" ? saleCopy.payoutsReady : saleCopy.payoutsUnfinished;
}

/** The ask reviewed: its lines and fee, Confirm Ask (and Cancel Sale when on the market), and the confirmation. */
function SellReview({ ask, routerState }: { ask: Ask; routerState: unknown }) {
  const profile = useProfile();
  // Guards a double click before React has re-rendered the busy button.
  const isWorking = useRef(false);

  const { price } = ask;
  const totals = price === null ? null : askTotals(price);
  const priceProblem = price === null ? errors.validPrice : coversFee(price) ? null : saleCopy.priceTooLow;

  const goBack = useBackToBuilding(ask);
  const { place, phase, setPhase, dialogError, openConfirm, confirmSell } = useConfirmSell({
    ask,
    routerState,
    priceProblem,
    isWorking,
    goBack,
  });
  const { cancel, cancelTheSale } = useCancelTheSale(ask, isWorking, goBack);
  const isBusy = phase !== null && phase !== "confirm";

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
      <SellReviewActions
        forSale={ask.forSale}
        isBusy={isBusy}
        isCancelling={cancel.isPending || cancel.isSuccess}
        onCancelSale={cancelTheSale}
        onConfirm={openConfirm}
      />
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
