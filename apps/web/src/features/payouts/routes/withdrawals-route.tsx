import { errors, formats, payoutAccountTexts, texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { useState } from "react";
import { RestrictionNotice } from "../../../components/restriction/restriction-notice";
import { LoadError } from "../../../components/ui/load-error";
import { BackLink, PageHeader } from "../../../components/ui/page-header";
import { PageSpinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { useProfile } from "../../../lib/current-profile";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useBalance } from "../api/get-balance";
import { usePayoutAccount } from "../api/get-payout-account";
import { usePayoutCards } from "../api/get-payout-cards";
import { usePayoutDetails } from "../api/get-payout-details";
import { BalanceCard } from "../components/balance-card";
import { ClearingProceeds } from "../components/clearing-proceeds";
import { ConnectPayouts } from "../components/connect-payouts";
import { InstantPanel } from "../components/instant-panel";
import { ManualPanel } from "../components/manual-panel";
import { PayoutAccountNotice } from "../components/payout-account-notice";
import { PayoutHistory } from "../components/payout-history";
import { payoutsCopy } from "../copy";
import { isNotConnected } from "../not-connected";
import { payoutCardLabel } from "../payout-card-label";
import { PAYOUT_MODES, type PayoutMode, payoutModeLabel } from "../payout-modes";
import "../../../components/card-entry/card-page.css";
import "../payouts.css";
import { Tabs } from "../../../components/ui/tabs";

/** /Withdrawl: the balance, the proceeds still clearing, Manual and Instant withdrawals, and the payout history. */
export function WithdrawalsRoute() {
  useDocumentTitle(payoutsCopy.withdrawalsTitle);
  const profile = useProfile();
  const isConnected = profile.data?.isStripeIntegrated === true;
  const balance = useBalance();
  const account = usePayoutAccount();
  const details = usePayoutDetails(isConnected);
  const cards = usePayoutCards(isConnected);
  const [mode, setMode] = useState<PayoutMode>("manual");
  const defaultCard = cards.data?.find((card) => card.isDefault) ?? null;
  const notConnected = profile.data && (!isConnected || isNotConnected(details.error));

  // Switching mode reloads the history, and the balance with it.
  const switchMode = (next: PayoutMode) => {
    if (next === mode) return;
    setMode(next);
    void details.refetch();
    void balance.refetch();
  };

  return (
    <div className="card-page">
      <PageHeader
        title={texts.withdrawal}
        lead={<BackLink to={paths.profile} label={payoutsCopy.backToProfile} />}
      />
      <RestrictionNotice />
      <BalanceCard balance={balance.data} isPending={balance.isPending} error={balance.error} />
      <ClearingProceeds balance={balance.data} />
      {profile.isPending ? <PageSpinner /> : null}
      <LoadError onRetry={() => void profile.refetch()} isRetrying={profile.isFetching}>
        {profile.isError ? formats.listError(errorMessage(profile.error, errors.fetchProfileFailed)) : null}
      </LoadError>
      {notConnected ? (
        <ConnectPayouts
          message={
            account.data?.status === "reconnect" ? payoutAccountTexts.reconnect : errors.stripeNotConnected
          }
        />
      ) : null}
      {isConnected && !notConnected ? (
        <>
          <PayoutAccountNotice account={account.data} />
          <Tabs
            idPrefix="payouts"
            tabs={PAYOUT_MODES}
            labelOf={payoutModeLabel}
            label={payoutsCopy.tabsLabel}
            selected={mode}
            onSelect={switchMode}
          >
            {mode === "manual" ? (
              <ManualPanel
                balance={balance.data}
                payoutType={details.data?.payoutType}
                destination={defaultCard ? payoutCardLabel(defaultCard) : payoutsCopy.bankAccount}
              />
            ) : (
              <InstantPanel balance={balance.data} defaultCard={defaultCard} isConnected={isConnected} />
            )}
          </Tabs>
          <PayoutHistory
            payouts={details.data?.payouts}
            isPending={details.isPending}
            isFetching={details.isFetching}
            error={details.error}
            onReload={() => {
              void details.refetch();
              void balance.refetch();
            }}
          />
        </>
      ) : null}
    </div>
  );
}
