import { errors, formats } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { ArrowLeftIcon } from "../../../components/ui/icons";
import { PageSpinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { useProfile } from "../../../lib/current-profile";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useConfig } from "../api/get-config";
import { ConnectPayouts } from "../components/connect-payouts";
import { SandboxPayoutCardForm } from "../components/sandbox-payout-card-form";
import { payoutsCopy } from "../copy";
import { useGoBack } from "../use-add-payout-card";
import "../payouts.css";

// Stripe's React bindings are fetched only when the server uses Stripe.
const StripePayoutCardForm = lazy(() => import("../components/stripe-payout-card-form"));

/** /Add-payout-card: a debit card for payouts, tokenised in the browser and attached to the payout account. */
export function AddPayoutCardRoute() {
  useDocumentTitle(payoutsCopy.addPayoutCardTitle);
  const config = useConfig();
  const profile = useProfile();
  const goBack = useGoBack();
  const isConnected = profile.data?.isStripeIntegrated === true;

  return (
    <div className="payouts-page">
      <header className="page-header">
        <Link
          className="icon-button"
          to={paths.withdrawalMethods}
          aria-label={payoutsCopy.back}
          onClick={(event) => {
            // A modified click (new tab, new window) keeps the link's own behaviour.
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
              return;
            event.preventDefault();
            goBack();
          }}
        >
          <ArrowLeftIcon size={22} />
        </Link>
        <h1 className="page-header__title">{payoutsCopy.addPayoutCardTitle}</h1>
      </header>

      {config.isPending || profile.isPending ? <PageSpinner /> : null}
      <ErrorBox>
        {profile.isError ? formats.listError(errorMessage(profile.error, errors.fetchProfileFailed)) : null}
      </ErrorBox>
      {config.isError ? (
        <div className="payouts-retry">
          <ErrorBox>{formats.listError(errorMessage(config.error, payoutsCopy.configFailed))}</ErrorBox>
          <Button variant="secondary" onClick={() => void config.refetch()} busy={config.isFetching}>
            {payoutsCopy.tryAgain}
          </Button>
        </div>
      ) : null}
      {profile.data && !isConnected ? <ConnectPayouts message={errors.stripeNotConnected} /> : null}
      {isConnected && config.data?.paymentProvider === "stripe" ? (
        <Suspense fallback={<PageSpinner />}>
          <StripePayoutCardForm publishableKey={config.data.publishableKey} />
        </Suspense>
      ) : null}
      {isConnected && config.data?.paymentProvider === "sandbox" ? <SandboxPayoutCardForm /> : null}
    </div>
  );
}
