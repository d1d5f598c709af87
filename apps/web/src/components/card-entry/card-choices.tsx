import { texts } from "@mx/shared/messages";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button, buttonClassName } from "../ui/button";
import { ErrorBox, StatusNote } from "../ui/error-box";
import "./card-list.css";

interface CardChoicesProps<C> {
  cards: readonly C[];
  keyOf: (card: C) => string;
  /** One card's row (a CardRow). */
  renderRow: (card: C) => ReactNode;
  /** A call is running on the list. */
  isBusy: boolean;
  copy: { yourCards: string; emptyHint: string; tickHint: string };
  emptyTitle: string;
  /** Whether the 'Tick a card…' hint shows (with more than one card). */
  isHintShown: boolean;
  /** What the last action did ("… is now your default card."). */
  note: string | null;
  /** Why Set as Default failed. */
  error: string | null;
  onSetDefault: () => void;
  canSetDefault: boolean;
  isSettingDefault: boolean;
  /** Add Card's page. */
  addCardPath: string;
}

/** A list of cards to tick (or its empty state), what the last action did, Set as Default and Add Card. */
export function CardChoices<C>({
  cards,
  keyOf,
  renderRow,
  isBusy,
  copy,
  emptyTitle,
  isHintShown,
  note,
  error,
  onSetDefault,
  canSetDefault,
  isSettingDefault,
  addCardPath,
}: CardChoicesProps<C>) {
  return (
    <>
      {cards.length === 0 ? (
        <div className="card-page__empty">
          <p className="card-page__empty-title">{emptyTitle}</p>
          <p className="card-page__empty-hint">{copy.emptyHint}</p>
        </div>
      ) : (
        <fieldset className="card-list" aria-busy={isBusy || undefined}>
          <legend className="visually-hidden">{copy.yourCards}</legend>
          <ul className="card-list__items">
            {cards.map((card) => (
              <li key={keyOf(card)}>{renderRow(card)}</li>
            ))}
          </ul>
        </fieldset>
      )}

      {cards.length > 1 && isHintShown ? <p className="card-page__hint">{copy.tickHint}</p> : null}
      <StatusNote>{note}</StatusNote>
      <ErrorBox>{error}</ErrorBox>

      <div className="card-page__actions">
        {cards.length > 0 ? (
          <Button
            variant="secondary"
            onClick={onSetDefault}
            disabled={!canSetDefault}
            busy={isSettingDefault}
          >
            {isSettingDefault ? texts.setting : texts.setAsDefault}
          </Button>
        ) : null}
        <Link className={buttonClassName("primary")} to={addCardPath}>
          {texts.addCard}
        </Link>
      </div>
    </>
  );
}
