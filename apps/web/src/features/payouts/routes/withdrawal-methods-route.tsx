import { errors, formats, texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import type { PayoutCard } from "@mx/shared/schemas/payouts";
import { useEffect, useId, useRef, useState } from "react";
import { CardChoices } from "../../../components/card-entry/card-choices";
import { DeleteCardDialog } from "../../../components/card-entry/delete-card-dialog";
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
        <PayoutCardList cards={list.data} isLoaded={list.isFetchedAfterMount && !list.isFetching} />
      ) : null}
    </div>
  );
}

function PayoutCardList({ cards, isLoaded }: { cards: PayoutCard[]; isLoaded: boolean }) {
  const group = useId();
  const [tickedId, setTickedId] = useState<string | null>(null);
  // Once the list has loaded from the server, its first card is the default candidate; a cached
  // list shown meanwhile does not count, and a tick cleared later (by deleting that card) stays cleared.
  const preselected = useRef(false);
  const firstId = cards[0]?.id ?? null;
  useEffect(() => {
    if (preselected.current || !isLoaded) return;
    preselected.current = true;
    setTickedId(firstId);
  }, [isLoaded, firstId]);
  const [deleting, setDeleting] = useState<PayoutCard | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const setDefault = useSetDefaultPayoutCard();
  const remove = useDeletePayoutCard();
  const ticked = cards.find((card) => card.id === tickedId) ?? null;

  const tick = (card: PayoutCard) => {
    setTickedId(card.id);
    setNote(null);
    setDefault.reset();
  };

  const handleSetDefault = () => {
    if (!ticked) return;
    setNote(null);
    setDefault.mutate(ticked.id, {
      onSuccess: () => setNote(payoutsCopy.nowDefault(payoutCardLabel(ticked))),
    });
  };

  const handleDelete = () => {
    if (!deleting) return;
    const card = deleting;
    remove.mutate(card.id, {
      onSuccess: () => {
        if (tickedId === card.id) setTickedId(null);
        setDeleting(null);
        setNote(payoutsCopy.deleted(payoutCardLabel(card)));
      },
    });
  };

  const isBusy = setDefault.isPending || remove.isPending;

  return (
    <>
      <CardChoices
        cards={cards}
        keyOf={(card) => card.id}
        renderRow={(card) => (
          <PayoutCardRow
            card={card}
            group={group}
            isTicked={card.id === ticked?.id}
            onTick={() => tick(card)}
            onDelete={() => {
              remove.reset();
              setNote(null);
              setDeleting(card);
            }}
            isLocked={isBusy}
          />
        )}
        isBusy={isBusy}
        copy={payoutsCopy}
        emptyTitle={texts.noPayoutCards}
        isHintShown={!note}
        note={note}
        error={
          setDefault.isError ? errorMessage(setDefault.error, errors.setDefaultPaymentMethodFailed) : null
        }
        onSetDefault={handleSetDefault}
        canSetDefault={ticked !== null && !remove.isPending}
        isSettingDefault={setDefault.isPending}
        addCardPath={paths.addPayoutCard}
      />

      <DeleteCardDialog
        copy={payoutsCopy}
        failedMessage={errors.deletePayoutAccountFailed}
        label={deleting ? payoutCardLabel(deleting) : null}
        onCancel={() => setDeleting(null)}
        onConfirm={handleDelete}
        isDeleting={remove.isPending}
        error={remove.isError ? remove.error : null}
      />
    </>
  );
}
