import { errors, formats, texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import type { PaymentCard } from "@mx/shared/schemas/payments";
import { useId, useState } from "react";
import { CardChoices } from "../../../components/card-entry/card-choices";
import { DeleteCardDialog } from "../../../components/card-entry/delete-card-dialog";
import { LoadError } from "../../../components/ui/load-error";
import { BackLink, PageHeader } from "../../../components/ui/page-header";
import { PageSpinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useDeletePaymentMethod } from "../api/delete-payment-method";
import { usePaymentMethods } from "../api/get-payment-methods";
import { useSetDefaultPaymentMethod } from "../api/set-default-payment-method";
import { cardLabel } from "../card-label";
import { CardRow } from "../components/card-row";
import { cardsCopy } from "../copy";
import "../../../components/card-entry/card-page.css";

export function PaymentMethodsRoute() {
  useDocumentTitle(texts.paymentMethods);
  const list = usePaymentMethods();

  return (
    <div className="card-page">
      <PageHeader
        title={texts.paymentMethods}
        lead={<BackLink to={paths.profile} label={cardsCopy.backToProfile} />}
      />

      {list.isPending ? <PageSpinner /> : null}
      <LoadError onRetry={() => void list.refetch()} isRetrying={list.isFetching}>
        {list.isError ? formats.listError(errorMessage(list.error, errors.loadPaymentMethodsFailed)) : null}
      </LoadError>
      {list.data ? <CardList cards={list.data} /> : null}
    </div>
  );
}

function CardList({ cards }: { cards: PaymentCard[] }) {
  const group = useId();
  const [tickedId, setTickedId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PaymentCard | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const setDefault = useSetDefaultPaymentMethod();
  const remove = useDeletePaymentMethod();

  // A ticked card that left the list (deleted here or elsewhere) is no longer ticked.
  const ticked = cards.find((card) => card.paymentMethodId === tickedId) ?? null;

  const tick = (card: PaymentCard) => {
    setTickedId(card.paymentMethodId);
    setNote(null);
    setDefault.reset();
  };

  const handleSetDefault = () => {
    if (!ticked) return;
    setNote(null);
    setDefault.mutate(ticked.paymentMethodId, {
      onSuccess: () => {
        setNote(cardsCopy.nowDefault(cardLabel(ticked)));
        setTickedId(null);
      },
    });
  };

  const openDelete = (card: PaymentCard) => {
    remove.reset();
    setNote(null);
    setDeleting(card);
  };

  const handleDelete = () => {
    if (!deleting) return;
    const card = deleting;
    remove.mutate(card.paymentMethodId, {
      onSuccess: () => {
        if (tickedId === card.paymentMethodId) setTickedId(null);
        setDeleting(null);
        setNote(cardsCopy.deleted(cardLabel(card)));
      },
    });
  };

  const isBusy = setDefault.isPending || remove.isPending;

  return (
    <>
      <CardChoices
        cards={cards}
        keyOf={(card) => card.paymentMethodId}
        renderRow={(card) => (
          <CardRow
            card={card}
            group={group}
            isTicked={card.paymentMethodId === ticked?.paymentMethodId}
            onTick={() => tick(card)}
            onDelete={() => openDelete(card)}
            isLocked={isBusy}
          />
        )}
        isBusy={isBusy}
        copy={cardsCopy}
        emptyTitle={texts.noCardAdded}
        isHintShown={!ticked && !note}
        note={note}
        error={
          setDefault.isError ? errorMessage(setDefault.error, errors.setDefaultPaymentMethodFailed) : null
        }
        onSetDefault={handleSetDefault}
        canSetDefault={ticked !== null && !remove.isPending}
        isSettingDefault={setDefault.isPending}
        addCardPath={paths.addCard}
      />

      <DeleteCardDialog
        copy={cardsCopy}
        failedMessage={errors.deletePaymentMethodFailed}
        label={deleting ? cardLabel(deleting) : null}
        onCancel={() => setDeleting(null)}
        onConfirm={handleDelete}
        isDeleting={remove.isPending}
        error={remove.isError ? remove.error : null}
      />
    </>
  );
}
