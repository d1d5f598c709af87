import { watchlistTexts } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import { paths, propertyDetailsUrl } from "@mx/shared/routes";
import type { WatchedBuilding } from "@mx/shared/schemas/watchlist";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { FrozenBadge } from "../../../components/ui/frozen-badge";
import { LoadError } from "../../../components/ui/load-error";
import { BackLink, PageHeader } from "../../../components/ui/page-header";
import { PlayerLink } from "../../../components/ui/player-link";
import { PageSpinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { formatDate } from "../../../lib/format-date";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useWatchlist } from "../api/get-watchlist";
import { useSetWatching } from "../api/set-watching";
import "../watchlist.css";

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="watch-row__figure">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function lastTradeText(lastTrade: WatchedBuilding["lastTrade"]): string {
  if (!lastTrade) return watchlistTexts.neverTraded;
  return `${formatDollars(lastTrade.price)} · ${formatDate(lastTrade.at * 1000)}`;
}

function WatchRow({ building, onUnwatch }: { building: WatchedBuilding; onUnwatch: () => void }) {
  const url = propertyDetailsUrl({
    id: building.buildingId,
    name: building.name,
    price: building.price,
    lat: building.location.lat,
    lng: building.location.lng,
  });
  const place = [building.address, building.neighborhood].filter(Boolean).join(" · ");
  return (
    <li className="watch-row">
      <div className="watch-row__head">
        <Link className="watch-row__name" to={url}>
          {building.name}
          {building.frozen ? <FrozenBadge className="watch-row__frozen" /> : null}
        </Link>
        <Button variant="secondary" className="btn--inline" onClick={onUnwatch}>
          {watchlistTexts.unwatch}
          <span className="visually-hidden"> {building.name}</span>
        </Button>
      </div>
      <p className="watch-row__place">
        {place ? `${place} · ` : ""}
        {building.ownerName ? (
          <>
            {watchlistTexts.ownedBy} <PlayerLink userName={building.ownerName} />
          </>
        ) : (
          watchlistTexts.unowned
        )}
      </p>
      <dl className="watch-row__figures">
        <Figure label={watchlistTexts.price}>{formatDollars(building.price)}</Figure>
        <Figure label={watchlistTexts.ask}>
          {building.ask === null ? watchlistTexts.notForSale : formatDollars(building.ask)}
        </Figure>
        <Figure label={watchlistTexts.bestBid}>
          {building.bestBid === null ? watchlistTexts.noBids : formatDollars(building.bestBid)}
        </Figure>
        <Figure label={watchlistTexts.lastTrade}>{lastTradeText(building.lastTrade)}</Figure>
      </dl>
    </li>
  );
}

/** /watchlist: the buildings the player follows, each linking to its details, with Unwatch. */
export function WatchlistRoute() {
  useDocumentTitle(watchlistTexts.title);
  const watchlist = useWatchlist();
  const setWatching = useSetWatching();
  const rows = watchlist.data;
  const unwatchFailed =
    setWatching.isError && setWatching.variables?.watching === false
      ? errorMessage(setWatching.error, watchlistTexts.unwatchFailed)
      : null;

  return (
    <div className="watchlist">
      <PageHeader
        title={watchlistTexts.title}
        lead={<BackLink to={paths.profile} label={watchlistTexts.backToProfile} />}
      />
      <p className="watchlist__lead">{watchlistTexts.lead}</p>
      {watchlist.isPending ? <PageSpinner /> : null}
      <LoadError onRetry={() => void watchlist.refetch()} isRetrying={watchlist.isFetching}>
        {watchlist.isError ? errorMessage(watchlist.error, watchlistTexts.loadFailed) : null}
      </LoadError>
      <ErrorBox>{unwatchFailed}</ErrorBox>
      {rows?.length === 0 ? <p className="watchlist__empty">{watchlistTexts.empty}</p> : null}
      {rows && rows.length > 0 ? (
        <ul className="watchlist__rows">
          {rows.map((building) => (
            <WatchRow
              key={building.buildingId}
              building={building}
              onUnwatch={() => setWatching.mutate({ building, watching: false })}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
