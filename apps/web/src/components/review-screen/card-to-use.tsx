import { errors, texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import type { PaymentCard } from "@mx/shared/schemas/payments";
import { useId } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../lib/api-client";
import { Button, buttonClassName } from "../ui/button";
import { CardPicker } from "../ui/card-picker";
import { ErrorBox } from "../ui/error-box";

/** The player's buying cards as read for a review (a TanStack query's state). */
interface CardsState {
  data: readonly PaymentCard[] | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface CardToUseProps {
  cards: CardsState;
  /** The card's heading, and the picker's legend: "Pay with", "Card to hold". */
  title: string;
  copy: { loadingCard: string; tryAgain: string; noCardHint: string };
  selectedId: string | null;
  onSelect: (paymentMethodId: string) => void;
  /** A confirmation is open: the card it names stays chosen. */
  disabled: boolean;
}

/** A review's card to charge or hold: the player's cards to choose from (or why they are not shown) and Add Card. */
export function CardToUse({ cards, title, copy, selectedId, onSelect, disabled }: CardToUseProps) {
  const headingId = useId();
  return (
    <section className="review-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="review-card__eyebrow">
        {title}
      </h2>
      <div className="review-payment">
        {cards.isPending ? (
          <p className="review-payment__loading" role="status">
            {copy.loadingCard}
          </p>
        ) : cards.isError ? (
          <div className="review-payment__error">
            <ErrorBox>{errorMessage(cards.error, errors.loadPaymentMethodsFailed)}</ErrorBox>
            <Button variant="secondary" onClick={() => void cards.refetch()} busy={cards.isFetching}>
              {copy.tryAgain}
            </Button>
          </div>
        ) : (
          <CardPicker
            cards={cards.data ?? []}
            selectedId={selectedId}
            onSelect={onSelect}
            legend={title}
            noCardHint={copy.noCardHint}
            disabled={disabled}
          />
        )}
        <Link className={buttonClassName("secondary", false, "review-payment__add")} to={paths.addCard}>
          {texts.addCard}
        </Link>
      </div>
    </section>
  );
}
