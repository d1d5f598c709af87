import { watchlistTexts } from "@mx/shared/messages";
import { ErrorBox } from "../../../components/ui/error-box";
import { WatchStar } from "../../../components/watch-star/watch-star";
import { errorMessage } from "../../../lib/api-client";
import { useWatchlist } from "../api/get-watchlist";
import { useSetWatching, type WatchTarget } from "../api/set-watching";
import "../watchlist.css";

/**
 * Watch / Watching: stars a building so that it shows on the watchlist. Pressed while watched. `compact`: the star
 * alone (the market's rows).
 */
export function WatchToggle({ building, compact = false }: { building: WatchTarget; compact?: boolean }) {
  const watchlist = useWatchlist();
  const setWatching = useSetWatching();
  const watching = watchlist.data?.some((entry) => entry.buildingId === building.buildingId) ?? false;
  const failed = setWatching.isError
    ? errorMessage(
        setWatching.error,
        setWatching.variables?.watching ? watchlistTexts.watchFailed : watchlistTexts.unwatchFailed,
      )
    : null;

  return (
    <div className={compact ? "watch-toggle watch-toggle--compact" : "watch-toggle"}>
      <WatchStar
        name={building.name}
        watching={watching}
        compact={compact}
        disabled={watchlist.isPending}
        onToggle={() => setWatching.mutate({ building, watching: !watching })}
      />
      {failed ? <ErrorBox>{failed}</ErrorBox> : null}
    </div>
  );
}
