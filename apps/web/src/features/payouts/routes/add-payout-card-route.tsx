import { errors, formats } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { lazy, Suspense } from "react";
import { AddCardScreen } from "../../../components/card-entry/add-card-screen";
import { LoadError } from "../../../components/ui/load-error";
import { PageSpinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { useProfile } from "../../../lib/current-profile";
import { useConfig } from "../../../lib/payment-config";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { ConnectPayouts } from "../components/connect-payouts";
import { payoutsCopy } from "../copy";
import { useGoBack } from "../use-add-payout-card";
import "../payouts.css";

// Each provider's form is fetched only when the server names it: Stripe's React bindings, or the sandbox's
// stand-in for them.
const StripePayoutCardForm = lazy(() => import("../components/stripe-payout-card-form"));
const SandboxPayoutCardForm = lazy(() => import("../../../sandbox/payouts/add-payout-card-form"));

/** /Add-payout-card: a debit card for payouts, tokenised in the browser and attached to the payout account. */
export function AddPayoutCardRoute() {
  useDocumentTitle(payoutsCopy.addPayoutCardTitle);
  const config = useConfig();
  const profile = useProfile();
  const goBack = useGoBack();
  const isConnected = profile.data?.isStripeIntegrated === true;

  return (
    <AddCardScreen
      title={payoutsCopy.addPayoutCardTitle}
      backTo={paths.withdrawalMethods}
      onBack={goBack}
      copy={payoutsCopy}
      isLoading={config.isPending || profile.isPending}
      notices={
        <LoadError onRetry={() => void profile.refetch()} isRetrying={profile.isFetching}>
          {profile.isError ? formats.listError(errorMessage(profile.error, errors.fetchProfileFailed)) : null}
        </LoadError>
      }
      config={config}
    >
      {profile.data && !isConnected ? <ConnectPayouts message={errors.stripeNotConnected} /> : null}
      {isConnected && config.data?.paymentProvider === "stripe" ? (
        <Suspense fallback={<PageSpinner />}>
          <StripePayoutCardForm publishableKey={config.data.publishableKey} />
        </Suspense>
      ) : null}
      {isConnected && config.data?.paymentProvider === "sandbox" ? (
        <Suspense fallback={<PageSpinner />}>
          <SandboxPayoutCardForm />
        </Suspense>
      ) : null}
    </AddCardScreen>
  );
}
