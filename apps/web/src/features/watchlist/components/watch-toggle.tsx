import { watchlistTexts } from "@mx/shared/messages";
import { ErrorBox } from "../../../components/ui/error-box";
import { errorMessage } from "../../../lib/api-client";
import { useWatchlist } from "../api/get-watchlist";
import { useSetWatching, type WatchTarget } from "../api/set-watching";
import "../watchlist.css";

/** A star drawn outlined, or filled while the building is watched. */
function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="m12 2.5 2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8L12 2.5Z" />
    </svg>
  );
}

/** Watch / Watching: stars a building so that it shows on the watchlist. Pressed while watched. */
export function WatchToggle({ building }: { building: WatchTarget }) {
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
    <div className="watch-toggle">
      <button
        type="button"
        className={watching ? "watch-toggle__button watch-toggle__button--on" : "watch-toggle__button"}
        aria-pressed={watching}
        disabled={watchlist.isPending}
        onClick={() => setWatching.mutate({ building, watching: !watching })}
      >
        <StarIcon filled={watching} />
        <span>{watching ? watchlistTexts.watching : watchlistTexts.watch}</span>
        <span className="visually-hidden"> {building.name}</span>
      </button>
      {failed ? <ErrorBox>{failed}</ErrorBox> : null}
    </div>
  );
}
