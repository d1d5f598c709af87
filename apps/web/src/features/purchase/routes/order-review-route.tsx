import { errors, formats } from "@mx/shared/messages";
import { useLocation } from "react-router";
import { usePayment } from "../../../components/payment/use-payment";
import { ReviewDetail, ReviewScreen } from "../../../components/review-screen/review-screen";
import { errorMessage } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useBuyProperty } from "../api/buy-property";
import { Checkout, type CheckoutMutation } from "../components/checkout";
import { OrderLines } from "../components/order-lines";
import { purchaseCopy } from "../copy";
import { type Order, orderTotals, readOrder } from "../order";
import "../purchase.css";
import { LeaveReview, useBackToBuilding } from "../../../lib/app-history";

/** /order-review: reviews the offer Property Details sent in the router state, then pays for it. */
export function OrderReviewRoute() {
  const location = useLocation();
  const order = readOrder(location.state);
  useDocumentTitle(purchaseCopy.title);
  if (!order) return <LeaveReview />;
  return <OrderReview order={order} />;
}

function OrderReview({ order }: { order: Order }) {
  const pay = usePayment();
  const buy = useBuyProperty(pay.bank.confirmWithBank);
  const totals = orderTotals(order.price);

  const goBack = useBackToBuilding(order);

  const payment: CheckoutMutation = {
    mutate: ({ paymentMethodId, credits, idempotencyKey }, callbacks) =>
      buy.mutate(
        {
          buildingId: order.buildingId,
          name: order.name,
          location: order.location,
          bidAmount: order.price,
          paymentMethodId,
          credits,
          idempotencyKey,
        },
        callbacks,
      ),
    reset: buy.reset,
    isPending: buy.isPending,
    isSuccess: buy.isSuccess,
  };

  return (
    <ReviewScreen
      title={purchaseCopy.title}
      onBack={goBack}
      tone="buy"
      eyebrow={purchaseCopy.youAreBuying}
      name={order.name}
      details={
        order.address && order.address !== order.name ? <ReviewDetail>{order.address}</ReviewDetail> : null
      }
      summary={<OrderLines totals={totals} />}
    >
      <Checkout
        totals={totals}
        itemName={order.name}
        orderFingerprint={`${order.buildingId}|${order.price}`}
        pay={pay}
        payment={payment}
        onPaid={goBack}
        failureText={(cause) => formats.purchaseFailed(errorMessage(cause, errors.buyPropertyFailed))}
      />
    </ReviewScreen>
  );
}
