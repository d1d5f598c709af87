import { useEffect, useRef, useState } from "react";

/** A call on one card of the list (a TanStack mutation taking the card's id). */
export interface CardAction {
  mutate: (id: string, callbacks: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

interface CardListStateArgs<C> {
  cards: readonly C[];
  idOf: (card: C) => string;
  labelOf: (card: C) => string;
  copy: { nowDefault: (label: string) => string; deleted: (label: string) => string };
  setDefault: CardAction;
  remove: CardAction;
  firstTickedOnceLoaded?: boolean;
}

/** The card list's state: the ticked card, the card asked about for deleting, the note, and the calls that change them. */
export function useCardListState<C>({
  cards,
  idOf,
  labelOf,
  copy,
  setDefault,
  remove,
  firstTickedOnceLoaded,
}: CardListStateArgs<C>) {
  const [tickedId, setTickedId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<C | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const keepsTick = firstTickedOnceLoaded !== undefined;

  // The first card is ticked once, when the list has loaded; a tick cleared later (by deleting that card) stays cleared.
  const preselected = useRef(false);
  const firstId = cards[0] === undefined ? null : idOf(cards[0]);
  useEffect(() => {
    if (preselected.current || !firstTickedOnceLoaded) return;
    preselected.current = true;
    setTickedId(firstId);
  }, [firstTickedOnceLoaded, firstId]);

  // A ticked card that left the list (deleted here or elsewhere) is no longer ticked.
  const ticked = cards.find((card) => idOf(card) === tickedId) ?? null;

  const tick = (card: C) => {
    setTickedId(idOf(card));
    setNote(null);
    setDefault.reset();
  };

  const handleSetDefault = () => {
    if (!ticked) return;
    setNote(null);
    setDefault.mutate(idOf(ticked), {
      onSuccess: () => {
        setNote(copy.nowDefault(labelOf(ticked)));
        if (!keepsTick) setTickedId(null);
      },
    });
  };

  const openDelete = (card: C) => {
    remove.reset();
    setNote(null);
    setDeleting(card);
  };

  const handleDelete = () => {
    if (!deleting) return;
    const card = deleting;
    remove.mutate(idOf(card), {
      onSuccess: () => {
        if (tickedId === idOf(card)) setTickedId(null);
        setDeleting(null);
        setNote(copy.deleted(labelOf(card)));
      },
    });
  };

  return { ticked, deleting, setDeleting, note, keepsTick, tick, handleSetDefault, openDelete, handleDelete };
}
