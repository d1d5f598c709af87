import { errors, formats, texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { CardList } from "../../../components/card-entry/card-list";
import { LoadError } from "../../../components/ui/load-error";
import { BackLink, PageHeader } from "../../../components/ui/page-header";
import { PageSpinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { useProfile } from "../../../lib/current-profile";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useDeletePayoutCard } from "../api/delete-payout-card";
import { usePayoutCards } from "../api/get-payout-cards";
import { useSetDefaultPayoutCard } from "../api/set-default-payout-card";
import { ConnectPayouts } from "../components/connect-payouts";
import { PayoutCardRow } from "../components/payout-card-row";
import { payoutsCopy } from "../copy";
import { isNotConnected } from "../not-connected";
import { payoutCardLabel } from "../payout-card-label";
import "../../../components/card-entry/card-page.css";
import "../payouts.css";

/** /withdrawal-methods: the payout cards, Add Card (to /Add-payout-card) and Set as Default. */
export function WithdrawalMethodsRoute() {
  useDocumentTitle(texts.withdrawalMethods);
  const profile = useProfile();
  const isConnected = profile.data?.isStripeIntegrated === true;
  const list = usePayoutCards(isConnected);
  const setDefault = useSetDefaultPayoutCard();
  const remove = useDeletePayoutCard();

  return (
    <div className="card-page">
      <PageHeader
        title={texts.withdrawalMethods}
        lead={<BackLink to={paths.profile} label={payoutsCopy.backToProfile} />}
      />
      {profile.isPending || (isConnected && list.isPending) ? <PageSpinner /> : null}
      <LoadError onRetry={() => void profile.refetch()} isRetrying={profile.isFetching}>
        {profile.isError ? formats.listError(errorMessage(profile.error, errors.fetchProfileFailed)) : null}
      </LoadError>
      {profile.data && (!isConnected || isNotConnected(list.error)) ? (
        <ConnectPayouts message={errors.stripeNotConnected} />
      ) : null}
      <LoadError onRetry={() => void list.refetch()} isRetrying={list.isFetching}>
        {list.isError && !isNotConnected(list.error)
          ? formats.listError(errorMessage(list.error, errors.loadPayoutCardsFailed))
          : null}
      </LoadError>
      {isConnected && list.data ? (
        <CardList
          cards={list.data}
          idOf={(card) => card.id}
          labelOf={payoutCardLabel}
          renderRow={(card, row) => <PayoutCardRow card={card} {...row} />}
          copy={payoutsCopy}
          emptyTitle={texts.noPayoutCards}
          addCardPath={paths.addPayoutCard}
          setDefault={setDefault}
          setDefaultFailed={errors.setDefaultPaymentMethodFailed}
          remove={remove}
          deleteFailed={errors.deletePayoutAccountFailed}
          firstTickedOnceLoaded={list.isFetchedAfterMount && !list.isFetching}
        />
      ) : null}
    </div>
  );
}
