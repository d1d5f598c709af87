import { watchlistTexts } from "@mx/shared/messages";
import { useEffect, useState } from "react";
import { WatchStar } from "../components/watch-star/watch-star";
import { errorMessage } from "../lib/api-client";
import { fetchWatchedIds, setWatched } from "./api";

/**
 * The card's Watch star, compact: whether the building is watched comes from the player's watchlist (read once for
 * the page); a press changes it at once, and goes back with a note when the server refuses.
 */
export function WatchButton({
  buildingId,
  name,
  onFailure,
}: {
  buildingId: string;
  name: string;
  /** What went wrong, for the card to say (null: nothing). */
  onFailure: (message: string | null) => void;
}) {
  const [watching, setWatching] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setWatching(null);
    fetchWatchedIds().then(
      (ids) => live && setWatching(ids.has(buildingId)),
      () => live && setWatching(false),
    );
    return () => {
      live = false;
    };
  }, [buildingId]);

  const toggle = async () => {
    const want = !watching;
    setBusy(true);
    onFailure(null);
    setWatching(want);
    try {
      await setWatched(buildingId, want);
    } catch (error) {
      setWatching(!want);
      onFailure(errorMessage(error, want ? watchlistTexts.watchFailed : watchlistTexts.unwatchFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <WatchStar
      name={name}
      watching={watching ?? false}
      compact
      disabled={watching === null || busy}
      onToggle={() => void toggle()}
    />
  );
}
