import { errors, formats, texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { CardList } from "../../../components/card-entry/card-list";
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
  const setDefault = useSetDefaultPaymentMethod();
  const remove = useDeletePaymentMethod();

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
      {list.data ? (
        <CardList
          cards={list.data}
          idOf={(card) => card.paymentMethodId}
          labelOf={cardLabel}
          renderRow={(card, row) => <CardRow card={card} {...row} />}
          copy={cardsCopy}
          emptyTitle={texts.noCardAdded}
          addCardPath={paths.addCard}
          setDefault={setDefault}
          setDefaultFailed={errors.setDefaultPaymentMethodFailed}
          remove={remove}
          deleteFailed={errors.deletePaymentMethodFailed}
        />
      ) : null}
    </div>
  );
}
