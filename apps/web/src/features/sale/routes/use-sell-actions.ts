import { errors, formats } from "@mx/shared/messages";
import { type RefObject, useState } from "react";
import { z } from "zod";
import { showAlert } from "../../../lib/alerts";
import { errorMessage } from "../../../lib/api-client";
import { savePendingAsk } from "../../../lib/pending-ask";
import { checkOnboarding } from "../api/check-onboarding";
import { useCancelSale, usePlaceAsk } from "../api/sale-mutations";
import type { Ask } from "../ask";
import type { ConfirmPhase } from "../components/confirm-sell-dialog";
import { saleCopy } from "../copy";

/** The router state as a record of its keys; anything else is an empty one. */
const StateRecord = z.record(z.string(), z.unknown()).catch({});

/**
 * Off to the provider's payout onboarding, which brings the player back to /assets, where the ask waits to be
 * resumed. False when the page could not be left.
 */
function leaveForOnboarding(redirectLink: string, routerState: unknown): boolean {
  const { onboarding: _, ...state } = StateRecord.parse(routerState);
  savePendingAsk(state);
  try {
    window.location.assign(redirectLink);
    return true;
  } catch {
    return false;
  }
}

/**
 * Placing the ask: the confirmation's phase and error, opening it (once the price is sound), and Confirm Sell, which
 * checks payouts are connected first and otherwise sends the player to the provider's onboarding.
 */
export function useConfirmSell({
  ask,
  routerState,
  priceProblem,
  isWorking,
  goBack,
}: {
  ask: Ask;
  routerState: unknown;
  priceProblem: string | null;
  /** Guards a double click before React has re-rendered the busy button (shared with cancelling the sale). */
  isWorking: RefObject<boolean>;
  goBack: () => void;
}) {
  const place = usePlaceAsk();
  const [phase, setPhase] = useState<ConfirmPhase | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const { price } = ask;

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
      if (!leaveForOnboarding(status.redirectLink, routerState)) {
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

  return { place, phase, setPhase, dialogError, openConfirm, confirmSell };
}

/** Cancel Sale on the review: the building comes off the market, then back to it. */
export function useCancelTheSale(ask: Ask, isWorking: RefObject<boolean>, goBack: () => void) {
  const cancel = useCancelSale();
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
  return { cancel, cancelTheSale };
}
