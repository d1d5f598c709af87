import { texts } from "@mx/shared/messages";
import type { PaymentCard } from "@mx/shared/schemas/payments";
import { CardChip } from "../../../components/ui/card-chip";
import { brandLabel } from "../../../lib/card-labels";
import { purchaseCopy } from "../copy";

/** "VISA •••• 4242": the spec's 'type •••• last4'. */
export function cardLabel(card: Pick<PaymentCard, "cardScheme" | "last4">): string {
  return purchaseCopy.cardLabel(brandLabel(card.cardScheme), card.last4);
}

/** The default card as a small card face, its label and expiry; or 'No card on file'. */
export function CardOnFile({ card }: { card: PaymentCard | null }) {
  if (!card) {
    return (
      <div className="order-card-on-file">
        <CardChip scheme={null} />
        <span className="order-card-on-file__text">
          <span className="order-card-on-file__label">{texts.noCardOnFile}</span>
          <span className="order-card-on-file__meta">{purchaseCopy.noCardHint}</span>
        </span>
      </div>
    );
  }
  return (
    <div className="order-card-on-file">
      <CardChip scheme={card.cardScheme} />
      <span className="order-card-on-file__text">
        <span className="order-card-on-file__label">{cardLabel(card)}</span>
        <span className="order-card-on-file__meta">
          {purchaseCopy.expires(card.expiryMonth, card.expiryYear)}
          {card.nameOnCard ? ` · ${card.nameOnCard}` : ""}
        </span>
      </span>
    </div>
  );
}
