import { useId } from "react";
import type { SandboxCheckoutSessionData } from "../src/api";
import type { SandboxShopParts } from "./host";
import type { SandboxPaymentCopy } from "./payment-copy";

/** The choice of a new card among the saved ones. */
export const NEW_CARD = "new";

type SavedCard = SandboxCheckoutSessionData["savedCards"][number];

/** The customer's saved cards, the preferred one marked as the default, and a new card beside them. */
export function SavedCardPicker({
  parts: { CardChip, savedCardLabel, savedCardMeta },
  copy,
  savedCards,
  preferredCardId,
  cardChoice,
  onPick,
  isPaying,
}: {
  parts: Pick<SandboxShopParts, "CardChip" | "savedCardLabel" | "savedCardMeta">;
  copy: SandboxPaymentCopy;
  savedCards: SavedCard[];
  preferredCardId: string | null | undefined;
  /** A saved card's id, or NEW_CARD. */
  cardChoice: string;
  onPick: (choice: string) => void;
  isPaying: boolean;
}) {
  const cardChoiceName = useId();
  return (
    <fieldset className="card-picker" disabled={isPaying}>
      <legend className="visually-hidden">{copy.savedCardsLegend}</legend>
      {savedCards.map((card) => (
        <label key={card.id} className="card-picker__option">
          <input
            type="radio"
            name={cardChoiceName}
            value={card.id}
            checked={cardChoice === card.id}
            onChange={() => {
              onPick(card.id);
            }}
          />
          <CardChip scheme={card.brand} />
          <span className="card-on-file__text">
            <span className="card-on-file__label">
              {savedCardLabel(card)}
              {card.id === preferredCardId ? (
                <span className="card-picker__default"> · {copy.defaultCard}</span>
              ) : null}
            </span>
            <span className="card-on-file__meta">{savedCardMeta(card)}</span>
          </span>
        </label>
      ))}
      <label className="card-picker__option">
        <input
          type="radio"
          name={cardChoiceName}
          value={NEW_CARD}
          checked={cardChoice === NEW_CARD}
          onChange={() => {
            onPick(NEW_CARD);
          }}
        />
        <CardChip scheme={null} />
        <span className="card-on-file__text">
          <span className="card-on-file__label">{copy.useNewCard}</span>
        </span>
      </label>
    </fieldset>
  );
}
