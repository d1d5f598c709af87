import { type ReactNode, useId } from "react";
import { errorMessage } from "../../lib/api-client";
import { CardChoices } from "./card-choices";
import { DeleteCardDialog } from "./delete-card-dialog";
import { type CardAction, useCardListState } from "./use-card-list-state";

/** What a row needs from the list: its radio group, whether it is ticked, and its two controls. */
interface CardRowState {
  group: string;
  isTicked: boolean;
  onTick: () => void;
  onDelete: () => void;
  isLocked: boolean;
}

interface CardListProps<C> {
  cards: readonly C[];
  idOf: (card: C) => string;
  /** "VISA •••• 4242": how the notes and the delete dialog name a card. */
  labelOf: (card: C) => string;
  /** One card's row (a CardRow). */
  renderRow: (card: C, row: CardRowState) => ReactNode;
  copy: {
    yourCards: string;
    emptyHint: string;
    tickHint: string;
    nowDefault: (label: string) => string;
    deleted: (label: string) => string;
    deleteTitle: string;
    deleteText: (label: string) => string;
    deleteConfirm: string;
  };
  emptyTitle: string;
  /** Add Card's page. */
  addCardPath: string;
  setDefault: CardAction;
  /** Why Set as Default failed, when the server gives no words of its own. */
  setDefaultFailed: string;
  remove: CardAction;
  /** Why a delete failed, when the server gives no words of its own. */
  deleteFailed: string;
  /**
   * Ticks the first card once the list has loaded from the server (a cached list shown meanwhile does not count);
   * the tick then stays after Set as Default, and the hint shows beside it. Without it nothing is ticked at first,
   * and Set as Default clears the tick.
   */
  firstTickedOnceLoaded?: boolean;
}

/** A screen's cards (Payment Methods, Withdrawal Methods): tick one, Set as Default, delete one after a question. */
export function CardList<C>({
  cards,
  idOf,
  labelOf,
  renderRow,
  copy,
  emptyTitle,
  addCardPath,
  setDefault,
  setDefaultFailed,
  remove,
  deleteFailed,
  firstTickedOnceLoaded,
}: CardListProps<C>) {
  const group = useId();
  const { ticked, deleting, setDeleting, note, keepsTick, tick, handleSetDefault, openDelete, handleDelete } =
    useCardListState({ cards, idOf, labelOf, copy, setDefault, remove, firstTickedOnceLoaded });

  const isBusy = setDefault.isPending || remove.isPending;

  return (
    <>
      <CardChoices
        cards={cards}
        keyOf={idOf}
        renderRow={(card) =>
          renderRow(card, {
            group,
            isTicked: ticked !== null && idOf(card) === idOf(ticked),
            onTick: () => tick(card),
            onDelete: () => openDelete(card),
            isLocked: isBusy,
          })
        }
        isBusy={isBusy}
        copy={copy}
        emptyTitle={emptyTitle}
        isHintShown={(keepsTick || !ticked) && !note}
        note={note}
        error={setDefault.isError ? errorMessage(setDefault.error, setDefaultFailed) : null}
        onSetDefault={handleSetDefault}
        canSetDefault={ticked !== null && !remove.isPending}
        isSettingDefault={setDefault.isPending}
        addCardPath={addCardPath}
      />

      <DeleteCardDialog
        copy={copy}
        failedMessage={deleteFailed}
        label={deleting ? labelOf(deleting) : null}
        onCancel={() => setDeleting(null)}
        onConfirm={handleDelete}
        isDeleting={remove.isPending}
        error={remove.isError ? remove.error : null}
      />
    </>
  );
}
