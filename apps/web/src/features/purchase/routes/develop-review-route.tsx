import { MAX_DEVELOPMENT_LEVEL } from "@mx/shared/constants";
import { errors, formats } from "@mx/shared/messages";
import { propertyDetailsUrl } from "@mx/shared/routes";
import { useLocation, useNavigate } from "react-router";
import { useBankCheck } from "../../../components/bank-check/use-bank-check";
import { ArrowLeftIcon } from "../../../components/ui/icons";
import { errorMessage } from "../../../lib/api-client";
import { hasAppHistory, LeaveReview } from "../../../lib/app-history";
import { formatDuration } from "../../../lib/countdown";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useDevelopProperty } from "../api/develop-property";
import { Checkout, type CheckoutMutation } from "../components/checkout";
import { OrderLines } from "../components/order-lines";
import { purchaseCopy } from "../copy";
import { type DevelopOrder, readDevelopOrder } from "../develop-order";
import "../purchase.css";
import "../../../components/ui/amount-lines.css";

/** /develop-review: reviews the development Property Details sent in the router state, then pays for it. */
export function DevelopReviewRoute() {
  const location = useLocation();
  const order = readDevelopOrder(location.state);
  useDocumentTitle(purchaseCopy.developTitle);
  if (!order) return <LeaveReview />;
  return <DevelopReview order={order} />;
}

function DevelopReview({ order }: { order: DevelopOrder }) {
  const navigate = useNavigate();
  const bank = useBankCheck();
  const develop = useDevelopProperty(bank.confirmWithBank);
  const what = purchaseCopy.developmentOf(order.name, order.buildingName);

  const goBack = () => {
    if (hasAppHistory()) void navigate(-1);
    else {
      const { buildingId: id, buildingName: name, price, location } = order;
      void navigate(propertyDetailsUrl({ id, name, price, lat: location.lat, lng: location.lng }), {
        replace: true,
      });
    }
  };

  const payment: CheckoutMutation = {
    mutate: ({ paymentMethodId, credits, idempotencyKey }, callbacks) =>
      develop.mutate(
        {
          propertyId: order.propertyId,
          buildingId: order.buildingId,
          kind: order.kind,
          name: order.name,
          paymentMethodId,
          credits,
          idempotencyKey,
        },
        callbacks,
      ),
    reset: develop.reset,
    isPending: develop.isPending,
    isSuccess: develop.isSuccess,
  };

  return (
    <div className="order-review">
      <header className="page-header">
        <button type="button" className="icon-button" aria-label={purchaseCopy.back} onClick={goBack}>
          <ArrowLeftIcon size={22} />
        </button>
        <h1 className="page-header__title">{purchaseCopy.developTitle}</h1>
      </header>

      <section className="order-card order-card--building" aria-labelledby="order-building">
        <div className="order-card__heading">
          <p className="order-card__eyebrow">{purchaseCopy.youAreDeveloping}</p>
          <h2 id="order-building" className="order-card__name">
            {order.buildingName}
          </h2>
          <p className="order-card__address">
            {order.name} · {purchaseCopy.levelOf(order.level, MAX_DEVELOPMENT_LEVEL)}
          </p>
          {order.description ? <p className="order-card__address">{order.description}</p> : null}
        </div>
        <dl className="amount-lines">
          <div className="amount-lines__row">
            <dt>{purchaseCopy.constructionTime}</dt>
            <dd>{formatDuration(order.durationSeconds)}</dd>
          </div>
        </dl>
        <OrderLines totals={order.totals} priceLabel={purchaseCopy.developmentCost} />
        <p className="order-note">{purchaseCopy.valueNote}</p>
      </section>

      <Checkout
        totals={order.totals}
        itemName={what}
        lead={purchaseCopy.youAreDeveloping}
        finalNote={purchaseCopy.developFinalSale}
        orderFingerprint={`develop|${order.propertyId}|${order.kind}|${order.totals.totalCents}`}
        bank={bank}
        payment={payment}
        onPaid={goBack}
        failureText={(cause) => formats.purchaseFailed(errorMessage(cause, errors.buyPropertyFailed))}
      />
    </div>
  );
}
