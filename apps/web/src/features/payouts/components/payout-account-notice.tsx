import { errors, payoutAccountTexts } from "@mx/shared/messages";
import type { PayoutAccountData } from "@mx/shared/schemas/payouts";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { errorMessage } from "../../../lib/api-client";
import { startOnboarding } from "../api/start-onboarding";

/**
 * What Stripe still needs from a connected player, and the way back to its onboarding pages. Nothing when nothing
 * is due; payouts are paused when `payoutsEnabled` is false.
 */
export function PayoutAccountNotice({ account }: { account: PayoutAccountData | null | undefined }) {
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (account?.status !== "action_required" || !account.message) return null;

  const open = async () => {
    setIsBusy(true);
    setError(null);
    try {
      const link = await startOnboarding();
      if (link) {
        window.location.assign(link);
        return;
      }
      window.location.reload();
    } catch (cause) {
      setError(errorMessage(cause, errors.startOnboardingFailed));
      setIsBusy(false);
    }
  };

  return (
    <section className="payouts-connect" role="status" aria-labelledby="payouts-account-title">
      <h2 id="payouts-account-title" className="payouts-connect__title">
        {account.payoutsEnabled
          ? payoutAccountTexts.actionRequiredTitle
          : payoutAccountTexts.payoutsPausedTitle}
      </h2>
      <p className="payouts-connect__text">{account.message}</p>
      <ErrorBox>{error}</ErrorBox>
      <Button onClick={() => void open()} busy={isBusy}>
        {isBusy ? payoutAccountTexts.opening : payoutAccountTexts.continueOnboarding}
      </Button>
    </section>
  );
}
