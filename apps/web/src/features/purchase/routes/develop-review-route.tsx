import { MAX_DEVELOPMENT_LEVEL } from "@mx/shared/constants";
import { errors, formats } from "@mx/shared/messages";
import { useLocation } from "react-router";
import { usePayment } from "../../../components/payment/use-payment";
import { ReviewDetail, ReviewScreen } from "../../../components/review-screen/review-screen";
import { errorMessage } from "../../../lib/api-client";
import { LeaveReview, useBackToBuilding } from "../../../lib/app-history";
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
  const pay = usePayment();
  const develop = useDevelopProperty(pay.bank.confirmWithBank);
  const what = purchaseCopy.developmentOf(order.name, order.buildingName);

  const goBack = useBackToBuilding({ ...order, name: order.buildingName });

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
    <ReviewScreen
      title={purchaseCopy.developTitle}
      onBack={goBack}
      tone="buy"
      eyebrow={purchaseCopy.youAreDeveloping}
      name={order.buildingName}
      details={
        <>
          <ReviewDetail>
            {order.name} · {purchaseCopy.levelOf(order.level, MAX_DEVELOPMENT_LEVEL)}
          </ReviewDetail>
          {order.description ? <ReviewDetail>{order.description}</ReviewDetail> : null}
        </>
      }
      summary={
        <>
          <dl className="amount-lines">
            <div className="amount-lines__row">
              <dt>{purchaseCopy.constructionTime}</dt>
              <dd>{formatDuration(order.durationSeconds)}</dd>
            </div>
          </dl>
          <OrderLines totals={order.totals} priceLabel={purchaseCopy.developmentCost} />
          <p className="review-note">{purchaseCopy.valueNote}</p>
        </>
      }
    >
      <Checkout
        totals={order.totals}
        itemName={what}
        lead={purchaseCopy.youAreDeveloping}
        finalNote={purchaseCopy.developFinalSale}
        orderFingerprint={`develop|${order.propertyId}|${order.kind}|${order.totals.totalCents}`}
        pay={pay}
        payment={payment}
        onPaid={goBack}
        failureText={(cause) => formats.purchaseFailed(errorMessage(cause, errors.buyPropertyFailed))}
      />
    </ReviewScreen>
  );
}
