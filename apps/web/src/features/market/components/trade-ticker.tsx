import { marketTexts } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import { paths } from "@mx/shared/routes";
import { Link } from "react-router";
import { PlayerLink } from "../../../components/ui/player-link";
import { useLatestTrades } from "../api/get-trades";
import { formatAgo, formatDay, isoOf } from "../format";

/**
 * The island's last trades, newest first; refreshed by the live channel whenever a building sells. Each names its
 * building with a link to its details, where its name and owner can be reported.
 */
export function TradeTicker() {
  const trades = useLatestTrades();
  return (
    <section className="trade-ticker" aria-labelledby="trade-ticker-title">
      <h2 id="trade-ticker-title" className="trade-ticker__title">
        {marketTexts.tickerTitle}
      </h2>
      {trades.isError ? <p className="trade-ticker__empty">{marketTexts.loadListingsFailed}</p> : null}
      {trades.data && trades.data.trades.length === 0 ? (
        <p className="trade-ticker__empty">{marketTexts.tickerEmpty}</p>
      ) : null}
      <ol className="trade-ticker__list" aria-live="polite" aria-relevant="additions">
        {(trades.data?.trades ?? []).map((trade) => (
          <li key={`${trade.buildingId}-${trade.at}-${trade.kind}`} className="trade-ticker__item">
            <Link
              className="trade-ticker__name"
              to={`${paths.propertyDetails}?id=${encodeURIComponent(trade.buildingId)}&name=${encodeURIComponent(trade.name)}`}
            >
              {trade.name}
            </Link>
            <span className="trade-ticker__price">{formatDollars(trade.price)}</span>
            <span className="trade-ticker__meta">
              <span className={`trade-kind trade-kind--${trade.kind}`}>
                {trade.kind === "first-sale" ? marketTexts.firstSale : marketTexts.resale}
              </span>{" "}
              {trade.sellerUserName === null ? (
                marketTexts.tradeFromGame
              ) : (
                <PlayerLink userName={trade.sellerUserName} />
              )}{" "}
              → <PlayerLink userName={trade.buyerUserName} /> ·{" "}
              <time dateTime={isoOf(trade.at)} title={formatDay(trade.at)}>
                {formatAgo(trade.at)}
              </time>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
