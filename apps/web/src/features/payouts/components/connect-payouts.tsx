import { errors } from "@mx/shared/messages";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { errorMessage } from "../../../lib/api-client";
import { startOnboarding } from "../api/start-onboarding";
import { payoutsCopy } from "../copy";

/**
 * Shown instead of the payout controls until the player's payout account is connected ('Stripe account not
 * connected.'): one button to the processor's onboarding pages.
 */
export function ConnectPayouts({ message }: { message: string }) {
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const connect = async () => {
    setIsBusy(true);
    setError(null);
    try {
      const link = await startOnboarding();
      if (link) {
        window.location.assign(link);
        return;
      }
      // Connected in the meantime: the page shows the controls once it is read again.
      window.location.reload();
    } catch (cause) {
      setError(errorMessage(cause, errors.startOnboardingFailed));
      setIsBusy(false);
    }
  };

  return (
    <section className="payouts-connect" aria-labelledby="payouts-connect-title">
      <h2 id="payouts-connect-title" className="payouts-connect__title">
        {payoutsCopy.connectTitle}
      </h2>
      <p className="payouts-connect__status">{message}</p>
      <p className="payouts-connect__text">{payoutsCopy.connectText}</p>
      <ErrorBox>{error}</ErrorBox>
      <Button onClick={() => void connect()} busy={isBusy}>
        {isBusy ? payoutsCopy.connecting : payoutsCopy.connect}
      </Button>
    </section>
  );
}
