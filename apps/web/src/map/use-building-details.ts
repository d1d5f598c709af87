import { type Dispatch, type SetStateAction, useEffect } from "react";
import { fetchPropertyDetails } from "./api";
import type { CardState } from "./building-card";

/** The card's state before the overlay's marks are added to it. */
export type PickedCard = Omit<CardState, "forSaleMark">;

/**
 * The game's details of the selected building, put on its card; fetched again when `markKey` (its ownership mark)
 * changes.
 */
export function useBuildingDetails(
  selectedId: string | null,
  markKey: string,
  setCard: Dispatch<SetStateAction<PickedCard | null>>,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a changed mark means new details to fetch.
  useEffect(() => {
    if (!selectedId) return;
    const abort = new AbortController();
    fetchPropertyDetails(selectedId, abort.signal)
      .then((details) => {
        setCard((c) => (c && c.building.buildingId === selectedId ? { ...c, details, failed: false } : c));
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        console.warn("Could not load the building's details", error);
        setCard((c) => (c && c.building.buildingId === selectedId ? { ...c, failed: true } : c));
      });
    return () => abort.abort();
  }, [selectedId, markKey]);
}
