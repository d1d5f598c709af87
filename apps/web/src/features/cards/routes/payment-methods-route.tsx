import { errors, formats, texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import type { PaymentCard } from "@mx/shared/schemas/payments";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Button, buttonClassName } from "../../../components/ui/button";
import { ErrorBox, StatusNote } from "../../../components/ui/error-box";
import { BackLink, PageHeader } from "../../../components/ui/page-header";
import { PageSpinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useDeletePaymentMethod } from "../api/delete-payment-method";
import { usePaymentMethods } from "../api/get-payment-methods";
import { useSetDefaultPaymentMethod } from "../api/set-default-payment-method";
import { cardLabel } from "../card-label";
import { CardRow } from "../components/card-row";
import { DeleteCardDialog } from "../components/delete-card-dialog";
import { cardsCopy } from "../copy";
import "../cards.css";

export function PaymentMethodsRoute() {
  useDocumentTitle(texts.paymentMethods);
  const list = usePaymentMethods();

  return (
    <div className="cards-page">
      <PageHeader
        title={texts.paymentMethods}
        lead={<BackLink to={paths.profile} label={cardsCopy.backToProfile} />}
      />

      {list.isPending ? <PageSpinner /> : null}
      <ErrorBox>
        {list.isError ? formats.listError(errorMessage(list.error, errors.loadPaymentMethodsFailed)) : null}
      </ErrorBox>
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
      {cards.length === 0 ? (
        <div className="cards-empty">
          <p className="cards-empty__title">{texts.noCardAdded}</p>
          <p className="cards-empty__hint">{cardsCopy.emptyHint}</p>
        </div>
      ) : (
        <fieldset className="card-list" aria-busy={isBusy || undefined}>
          <legend className="visually-hidden">{cardsCopy.yourCards}</legend>
          <ul className="card-list__items">
            {cards.map((card) => (
              <li key={card.paymentMethodId}>
                <CardRow
                  card={card}
                  group={group}
                  isTicked={card.paymentMethodId === ticked?.paymentMethodId}
                  onTick={() => tick(card)}
                  onDelete={() => openDelete(card)}
                  isLocked={isBusy}
                />
              </li>
            ))}
          </ul>
        </fieldset>
      )}

      {cards.length > 1 && !ticked && !note ? <p className="cards-hint">{cardsCopy.tickHint}</p> : null}
      <StatusNote>{note}</StatusNote>
      <ErrorBox>
        {setDefault.isError ? errorMessage(setDefault.error, errors.setDefaultPaymentMethodFailed) : null}
      </ErrorBox>

      <div className="cards-actions">
        {cards.length > 0 ? (
          <Button
            variant="secondary"
            onClick={handleSetDefault}
            disabled={!ticked || remove.isPending}
            busy={setDefault.isPending}
          >
            {setDefault.isPending ? texts.setting : texts.setAsDefault}
          </Button>
        ) : null}
        <Link className={buttonClassName("primary")} to={paths.addCard}>
          {texts.addCard}
        </Link>
      </div>

      <DeleteCardDialog
        label={deleting ? cardLabel(deleting) : null}
        onCancel={() => setDeleting(null)}
        onConfirm={handleDelete}
        isDeleting={remove.isPending}
        error={remove.isError ? remove.error : null}
      />
    </>
  );
}
