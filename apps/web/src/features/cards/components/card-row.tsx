import type { PaymentCard } from "@mx/shared/schemas/payments";
import { CardRow as CardListRow } from "../../../components/card-entry/card-row";
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
export function CardRow({ card, ...row }: CardRowProps) {
  return (
    <CardListRow
      {...row}
      value={card.paymentMethodId}
      scheme={card.cardScheme}
      label={cardLabel(card)}
      isDefault={card.isDefault}
      copy={cardsCopy}
      details={
        <>
          <span>{cardExpiry(card)}</span>
          {card.nameOnCard ? <span className="card-row__name">{card.nameOnCard}</span> : null}
        </>
      }
    />
  );
}
