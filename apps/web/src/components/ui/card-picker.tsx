import type { PaymentCard } from "@mx/shared/schemas/payments";
import { useId } from "react";
import { cardOnFileExpiry, cardOnFileLabel } from "../../lib/card-labels";
import { CardChip } from "./card-chip";
import { CardOnFile } from "./card-on-file";
import "./card-on-file.css";

interface CardPickerProps {
  cards: readonly PaymentCard[];
  /** The chosen card's paymentMethodId. */
  selectedId: string | null;
  onSelect: (paymentMethodId: string) => void;
  /** What the chosen card pays for ("Pay with"). */
  legend: string;
  noCardHint: string;
  disabled?: boolean;
}

/**
 * The player's buying cards as a radio group, the default one marked: a review screen pays with whichever is
 * chosen. One card is shown as it is ('type •••• last4'); none is 'No card on file'.
 */
export function CardPicker({ cards, selectedId, onSelect, legend, noCardHint, disabled }: CardPickerProps) {
  const name = useId();
  if (cards.length <= 1) return <CardOnFile card={cards[0] ?? null} noCardHint={noCardHint} />;
  return (
    <fieldset className="card-picker" disabled={disabled}>
      <legend className="visually-hidden">{legend}</legend>
      {cards.map((card) => (
        <label key={card.paymentMethodId} className="card-picker__option">
          <input
            type="radio"
            name={name}
            value={card.paymentMethodId}
            checked={card.paymentMethodId === selectedId}
            onChange={() => onSelect(card.paymentMethodId)}
          />
          <CardChip scheme={card.cardScheme} />
          <span className="card-on-file__text">
            <span className="card-on-file__label">
              {cardOnFileLabel(card)}
              {card.isDefault ? <span className="card-picker__default"> · Default</span> : null}
            </span>
            <span className="card-on-file__meta">
              {cardOnFileExpiry(card)}
              {card.nameOnCard ? ` · ${card.nameOnCard}` : ""}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The chosen card: the one picked while it still exists, else the default, else the first. */
export function chosenCard(
  cards: readonly PaymentCard[] | undefined,
  pickedId: string | null,
): PaymentCard | null {
  if (!cards || cards.length === 0) return null;
  return (
    cards.find((card) => card.paymentMethodId === pickedId) ??
    cards.find((card) => card.isDefault) ??
    cards[0] ??
    null
  );
}
