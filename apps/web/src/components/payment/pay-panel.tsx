import type { ReactNode } from "react";
import { BankCheckDialog } from "../bank-check/bank-check-dialog";
import { PayWithPaypal } from "../paypal/pay-with-paypal";
import { PAYPAL_CARD } from "../paypal/paypal-method";
import { RestrictionNotice } from "../restriction/restriction-notice";
import { CardToUse } from "../review-screen/card-to-use";
import { Button } from "../ui/button";
import type { Payment, PaymentConfirmation } from "./use-payment";

interface PayPanelProps<T> {
  payment: Payment<T>;
  /** The card's heading, and the picker's legend: "Pay with", "Card to hold". */
  title: string;
  copy: { loadingCard: string; tryAgain: string; noCardHint: string };
  /** Between the card and the buttons: the offer-wall credits. */
  children?: ReactNode;
  /** The main button: 'Continue to Pay', 'Place Bid'. `disabled` adds to the cards not being known yet. */
  action: { label: string; disabled?: boolean; busy?: boolean };
  /** The PayPal button's words and state: 'Pay with PayPal' by default. */
  paypal?: { label?: string; note?: string; disabled?: boolean };
  /** Pressed with the chosen card, or with PayPal (PAYPAL_CARD). */
  onPay: (card?: typeof PAYPAL_CARD) => void;
  /** The closing note under the buttons. */
  note: string;
  /** The screen's confirmation dialog for the open confirmation. */
  confirmDialog: (confirmation: PaymentConfirmation<T>) => ReactNode;
}

/**
 * The paying half of a review screen, rendered as the screen's own children so the screen lays them out: the card to
 * charge or hold, Continue (or Place Bid) and PayPal, the closing note, then the confirmation before any money
 * moves and the bank's check when the payment answers 202.
 */
export function PayPanel<T>({
  payment,
  title,
  copy,
  children,
  action,
  paypal,
  onPay,
  note,
  confirmDialog,
}: PayPanelProps<T>) {
  const { cards, confirmation, bank } = payment;
  return (
    <>
      <CardToUse
        cards={cards}
        title={title}
        copy={copy}
        selectedId={payment.card?.paymentMethodId ?? null}
        onSelect={payment.pick}
        disabled={confirmation !== null}
      />

      {children}

      {/* A restricted player is told why a card or PayPal payment is refused before they try, or once refused. */}
      <RestrictionNotice className="review__restriction" />
      <div className="review__actions">
        <Button
          block
          className="btn--large"
          onClick={() => onPay()}
          // Until the cards are known, 'Please add a card first.' could be wrong.
          disabled={cards.isPending || cards.isError || action.disabled}
          busy={action.busy}
        >
          {action.label}
        </Button>
        <PayWithPaypal
          label={paypal?.label}
          note={paypal?.note}
          onClick={() => onPay(PAYPAL_CARD)}
          disabled={paypal?.disabled}
        />
        <p className="review-note">{note}</p>
      </div>

      {confirmation && !bank.view ? confirmDialog(confirmation) : null}
      <PaymentBankCheck payment={payment} />
    </>
  );
}

/** The bank's check (or PayPal's approval) while the payment waits for it. */
export function PaymentBankCheck<T>({ payment: { bank } }: { payment: Payment<T> }) {
  return bank.view ? (
    <BankCheckDialog view={bank.view} onAnswered={bank.answer} onCancel={bank.cancel} />
  ) : null;
}
