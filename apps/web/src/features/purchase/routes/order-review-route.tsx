import { errors, formats, texts } from "@mx/shared/messages";
import { formatCents } from "@mx/shared/money";
import { paths, propertyDetailsUrl } from "@mx/shared/routes";
import type { PaymentCard } from "@mx/shared/schemas/payments";
import { useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { BankCheckDialog } from "../../../components/bank-check/bank-check-dialog";
import { isBankCheckCancelled } from "../../../components/bank-check/confirm-with-bank";
import { useBankCheck } from "../../../components/bank-check/use-bank-check";
import { PayWithPaypal } from "../../../components/paypal/pay-with-paypal";
import { PAYPAL_CARD } from "../../../components/paypal/paypal-method";
import { Button, buttonClassName } from "../../../components/ui/button";
import { CardPicker, chosenCard } from "../../../components/ui/card-picker";
import { ErrorBox } from "../../../components/ui/error-box";
import { ArrowLeftIcon } from "../../../components/ui/icons";
import { showAlert } from "../../../lib/alerts";
import { errorMessage } from "../../../lib/api-client";
import { usePaymentMethods } from "../../../lib/default-card";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useIdempotentRetry } from "../../../lib/use-idempotent-retry";
import { useBuyProperty } from "../api/buy-property";
import { ConfirmPurchaseDialog } from "../components/confirm-purchase-dialog";
import { OrderLines } from "../components/order-lines";
import { CREDITS_ONLY, PayWithCredits } from "../components/pay-with-credits";
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
const fingerprintOf = (order: Order, paymentMethodId: string, creditsCents = 0) =>
  `${order.buildingId}|${order.price}|${paymentMethodId}|${creditsCents}`;

function OrderReview({ order }: { order: Order }) {
  const navigate = useNavigate();
  const cards = usePaymentMethods();
  const bank = useBankCheck();
  const buy = useBuyProperty(bank.confirmWithBank);
  const totals = orderTotals(order.price);
  const total = formatCents(totals.totalCents);
  const [pickedCardId, setPickedCardId] = useState<string | null>(null);
  const payingCard = chosenCard(cards.data, pickedCardId);

  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [creditsCents, setCreditsCents] = useState(0);
  // A key whose request got no clear answer (network, 5xx): the same order retried reuses it,
  // so a charge that did go through is answered again instead of made twice.
  const retry = useIdempotentRetry();
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

  const continueToPay = (given?: PaymentCard) => {
    // Credits that pay the whole total need no card.
    const card = given ?? payingCard ?? (creditsCents >= totals.totalCents ? CREDITS_ONLY : null);
    if (!card) {
      void showAlert(errors.addCardFirst);
      return;
    }
    buy.reset();
    setConfirmation({
      idempotencyKey: retry.keyFor(fingerprintOf(order, card.paymentMethodId, creditsCents)),
      card,
    });
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
        credits: creditsCents / 100,
        idempotencyKey,
      },
      {
        onSuccess: ({ message }) => {
          retry.succeeded();
          void showAlert(message);
          goBack();
        },
        onError: (cause) => {
          isSubmitting.current = false;
          // A bank's check given up keeps its key too: paying again resumes the same payment, still held.
          retry.failed(idempotencyKey, fingerprintOf(order, card.paymentMethodId, creditsCents), cause);
          setConfirmation(null);
          if (isBankCheckCancelled(cause)) return;
          void showAlert(formats.purchaseFailed(errorMessage(cause, errors.buyPropertyFailed)));
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
            <CardPicker
              cards={cards.data}
              selectedId={payingCard?.paymentMethodId ?? null}
              onSelect={setPickedCardId}
              legend={purchaseCopy.payWith}
              noCardHint={purchaseCopy.noCardHint}
              disabled={confirmation !== null}
            />
          )}
          <Link className={buttonClassName("secondary", false, "order-payment__add")} to={paths.addCard}>
            {texts.addCard}
          </Link>
        </div>
      </section>

      <PayWithCredits totalCents={totals.totalCents} creditsCents={creditsCents} onChange={setCreditsCents} />

      <div className="order-review__actions">
        <Button
          block
          className="btn--large"
          onClick={() => continueToPay()}
          // Until the cards are known, 'Please add a card first.' could be wrong.
          disabled={cards.isPending || cards.isError}
        >
          {texts.continueToPay}
        </Button>
        <PayWithPaypal onClick={() => continueToPay(PAYPAL_CARD)} />
        <p className="order-note">{purchaseCopy.finalSale}</p>
      </div>

      {confirmation && !bank.view ? (
        <ConfirmPurchaseDialog
          isOpen
          buildingName={order.name}
          total={total}
          card={confirmation.card}
          credits={
            creditsCents > 0
              ? { spent: formatCents(creditsCents), charged: formatCents(totals.totalCents - creditsCents) }
              : undefined
          }
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
