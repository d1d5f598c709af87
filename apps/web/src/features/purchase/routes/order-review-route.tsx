import { errors, formats, texts } from "@mx/shared/messages";
import { formatCents } from "@mx/shared/money";
import { paths, propertyDetailsUrl } from "@mx/shared/routes";
import type { PaymentCard } from "@mx/shared/schemas/payments";
import { useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { BankCheckDialog } from "../../../components/bank-check/bank-check-dialog";
import { isBankCheckCancelled } from "../../../components/bank-check/confirm-with-bank";
import { useBankCheck } from "../../../components/bank-check/use-bank-check";
import { Button, buttonClassName } from "../../../components/ui/button";
import { CardOnFile } from "../../../components/ui/card-on-file";
import { ErrorBox } from "../../../components/ui/error-box";
import { ArrowLeftIcon } from "../../../components/ui/icons";
import { errorMessage } from "../../../lib/api-client";
import { findDefaultCard, usePaymentMethods } from "../../../lib/default-card";
import { isAnsweredRefusal, newIdempotencyKey } from "../../../lib/idempotency-key";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useBuyProperty } from "../api/buy-property";
import { ConfirmPurchaseDialog } from "../components/confirm-purchase-dialog";
import { OrderLines } from "../components/order-lines";
import { purchaseCopy } from "../copy";
import { type Order, orderTotals, readOrder } from "../order";
import "../purchase.css";
import { hasAppHistory, LeaveReview } from "../../../lib/app-history";

/** /order-review: reviews the offer Property Details sent in the router state, then pays for it. */
export function OrderReviewRoute() {
  const location = useLocation();
  const order = readOrder(location.state);
  useDocumentTitle(purchaseCopy.title);
  if (!order) return <LeaveReview />;
  return <OrderReview order={order} />;
}

interface Confirmation {
  /** One per opened confirmation; kept for a retry only when the last attempt's outcome is unknown. */
  idempotencyKey: string;
  /** The card as shown when the player opened the dialog: the one that is charged. */
  card: PaymentCard;
}

/** What one key may be sent with: the server refuses a key reused for a different request. */
const fingerprintOf = (order: Order, paymentMethodId: string) =>
  `${order.buildingId}|${order.price}|${paymentMethodId}`;

function OrderReview({ order }: { order: Order }) {
  const navigate = useNavigate();
  const cards = usePaymentMethods();
  const bank = useBankCheck();
  const buy = useBuyProperty(bank.confirmWithBank);
  const totals = orderTotals(order.price);
  const total = formatCents(totals.totalCents);
  const defaultCard = findDefaultCard(cards.data);

  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  // A key whose request got no clear answer (network, 5xx): the same order retried reuses it,
  // so a charge that did go through is answered again instead of made twice.
  const unsettled = useRef<{ key: string; fingerprint: string } | null>(null);
  // Guards a double click before React has re-rendered the busy button.
  const isSubmitting = useRef(false);

  const goBack = () => {
    if (hasAppHistory()) void navigate(-1);
    else {
      const { buildingId: id, name, price, location } = order;
      void navigate(propertyDetailsUrl({ id, name, price, lat: location.lat, lng: location.lng }), {
        replace: true,
      });
    }
  };

  const continueToPay = () => {
    if (!defaultCard) {
      window.alert(errors.addCardFirst);
      return;
    }
    const fingerprint = fingerprintOf(order, defaultCard.paymentMethodId);
    const retry = unsettled.current?.fingerprint === fingerprint ? unsettled.current.key : null;
    buy.reset();
    setConfirmation({ idempotencyKey: retry ?? newIdempotencyKey(), card: defaultCard });
  };

  const confirm = () => {
    if (!confirmation || isSubmitting.current) return;
    isSubmitting.current = true;
    const { idempotencyKey, card } = confirmation;
    buy.mutate(
      {
        buildingId: order.buildingId,
        name: order.name,
        location: order.location,
        bidAmount: order.price,
        paymentMethodId: card.paymentMethodId,
        idempotencyKey,
      },
      {
        onSuccess: ({ message }) => {
          unsettled.current = null;
          window.alert(message);
          goBack();
        },
        onError: (cause) => {
          isSubmitting.current = false;
          // A bank's check given up keeps its key too: paying again resumes the same payment, still held.
          unsettled.current = isAnsweredRefusal(cause)
            ? null
            : { key: idempotencyKey, fingerprint: fingerprintOf(order, card.paymentMethodId) };
          setConfirmation(null);
          if (isBankCheckCancelled(cause)) return;
          window.alert(formats.purchaseFailed(errorMessage(cause, errors.buyPropertyFailed)));
        },
      },
    );
  };

  return (
    <div className="order-review">
      <header className="page-header">
        <button type="button" className="icon-button" aria-label={purchaseCopy.back} onClick={goBack}>
          <ArrowLeftIcon size={22} />
        </button>
        <h1 className="page-header__title">{purchaseCopy.title}</h1>
      </header>

      <section className="order-card order-card--building" aria-labelledby="order-building">
        <div className="order-card__heading">
          <p className="order-card__eyebrow">{purchaseCopy.youAreBuying}</p>
          <h2 id="order-building" className="order-card__name">
            {order.name}
          </h2>
          {order.address && order.address !== order.name ? (
            <p className="order-card__address">{order.address}</p>
          ) : null}
        </div>
        <OrderLines totals={totals} />
      </section>

      <section className="order-card" aria-labelledby="order-pay-with">
        <h2 id="order-pay-with" className="order-card__eyebrow">
          {purchaseCopy.payWith}
        </h2>
        <div className="order-payment">
          {cards.isPending ? (
            <p className="order-payment__loading" role="status">
              {purchaseCopy.loadingCard}
            </p>
          ) : cards.isError ? (
            <div className="order-payment__error">
              <ErrorBox>{errorMessage(cards.error, errors.loadPaymentMethodsFailed)}</ErrorBox>
              <Button variant="secondary" onClick={() => void cards.refetch()} busy={cards.isFetching}>
                {purchaseCopy.tryAgain}
              </Button>
            </div>
          ) : (
            <CardOnFile card={defaultCard} noCardHint={purchaseCopy.noCardHint} />
          )}
          <Link className={buttonClassName("secondary", false, "order-payment__add")} to={paths.addCard}>
            {texts.addCard}
          </Link>
        </div>
      </section>

      <div className="order-review__actions">
        <Button
          block
          className="btn--large"
          onClick={continueToPay}
          // Until the cards are known, 'Please add a card first.' could be wrong.
          disabled={cards.isPending || cards.isError}
        >
          {texts.continueToPay}
        </Button>
        <p className="order-note">{purchaseCopy.finalSale}</p>
      </div>

      {confirmation && !bank.view ? (
        <ConfirmPurchaseDialog
          isOpen
          buildingName={order.name}
          total={total}
          card={confirmation.card}
          isPaying={buy.isPending || buy.isSuccess}
          onCancel={() => setConfirmation(null)}
          onConfirm={confirm}
        />
      ) : null}
      {bank.view ? (
        <BankCheckDialog view={bank.view} onAnswered={bank.answer} onCancel={bank.cancel} />
      ) : null}
    </div>
  );
}
