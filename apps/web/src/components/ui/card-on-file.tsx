import { texts } from "@mx/shared/messages";
import type { PaymentCard } from "@mx/shared/schemas/payments";
import { cardOnFileExpiry, cardOnFileLabel } from "../../lib/card-labels";
import { CardChip } from "./card-chip";
import "./card-on-file.css";

/**
 * The default card as a small card face, 'type •••• last4' and its expiry; or 'No card on file'
 * with a hint saying what a card is needed for.
 */
export function CardOnFile({ card, noCardHint }: { card: PaymentCard | null; noCardHint: string }) {
  if (!card) {
    return (
      <div className="card-on-file">
        <CardChip scheme={null} />
        <span className="card-on-file__text">
          <span className="card-on-file__label">{texts.noCardOnFile}</span>
          <span className="card-on-file__meta">{noCardHint}</span>
        </span>
      </div>
    );
  }
  return (
    <div className="card-on-file">
      <CardChip scheme={card.cardScheme} />
      <span className="card-on-file__text">
        <span className="card-on-file__label">{cardOnFileLabel(card)}</span>
        <span className="card-on-file__meta">
          {cardOnFileExpiry(card)}
          {card.nameOnCard ? ` · ${card.nameOnCard}` : ""}
        </span>
      </span>
    </div>
  );
}
