import type { PaymentCard } from "@mx/shared/schemas/payments";
import { useId } from "react";
import { CardChip } from "../../../components/ui/card-chip";
import { TrashIcon } from "../../../components/ui/icons";
import { cardExpiry, cardLabel } from "../card-label";
import { cardsCopy } from "../copy";

interface CardRowProps {
  card: PaymentCard;
  /** The radio group's name: one card ticked at a time. */
  group: string;
  isTicked: boolean;
  onTick: () => void;
  onDelete: () => void;
  /** A call is running on the list: the controls wait. */
  isLocked: boolean;
}

/** One card: its tick, brand and last 4, expiry, name on card, the Default badge and a delete control. */
export function CardRow({ card, group, isTicked, onTick, onDelete, isLocked }: CardRowProps) {
  const inputId = useId();
  const detailsId = `${inputId}-details`;
  const badgeId = `${inputId}-badge`;
  const label = cardLabel(card);
  return (
    <div className={isTicked ? "card-row card-row--ticked" : "card-row"}>
      <input
        id={inputId}
        className="card-row__tick"
        type="radio"
        name={group}
        value={card.paymentMethodId}
        checked={isTicked}
        onChange={onTick}
        disabled={isLocked}
        aria-label={cardsCopy.select(label)}
        aria-describedby={card.isDefault ? `${badgeId} ${detailsId}` : detailsId}
      />
      {/* The whole card face ticks the card; the radio's own name stays the short "Select …". */}
      <label htmlFor={inputId} className="card-row__face">
        <CardChip scheme={card.cardScheme} />
        <span className="card-row__text">
          <span className="card-row__title">
            <span className="card-row__number">{label}</span>
            {card.isDefault ? (
              <span className="card-badge" id={badgeId}>
                {cardsCopy.defaultBadge}
              </span>
            ) : null}
          </span>
          <span className="card-row__meta" id={detailsId}>
            <span>{cardExpiry(card)}</span>
            {card.nameOnCard ? <span className="card-row__name">{card.nameOnCard}</span> : null}
          </span>
        </span>
      </label>
      <button
        type="button"
        className="icon-button card-row__delete"
        onClick={onDelete}
        disabled={isLocked}
        aria-label={cardsCopy.deleteCard(label)}
      >
        <TrashIcon />
      </button>
    </div>
  );
}
