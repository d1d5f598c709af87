import { formatCents } from "@mx/shared/money";
import { paths } from "@mx/shared/routes";
import type { PlayerTrade } from "@mx/shared/schemas/players";
import { Link } from "react-router";
import { formatDate, formatDateTime } from "../../../lib/format-date";
import { playersCopy } from "../copy";

/** The latest trades a player bought or sold in, newest first; each names its building with a link to it. */
export function RecentTrades({ trades }: { trades: PlayerTrade[] }) {
  if (trades.length === 0) return <p className="player-section__empty">{playersCopy.noTrades}</p>;
  return (
    <ol className="player-trades">
      {trades.map((trade) => (
        <li key={`${trade.buildingId}-${trade.at}-${trade.side}`} className="player-trades__item">
          <span className={`trade-side trade-side--${trade.side}`}>
            {trade.side === "bought" ? playersCopy.bought : playersCopy.sold}
          </span>
          <Link
            className="player-trades__name"
            to={`${paths.propertyDetails}?id=${encodeURIComponent(trade.buildingId)}&name=${encodeURIComponent(trade.name)}`}
          >
            {trade.name}
          </Link>
          <span className="player-trades__price">{formatCents(trade.priceCents)}</span>
          <time
            className="player-trades__when"
            dateTime={new Date(trade.at * 1000).toISOString()}
            title={formatDateTime(trade.at * 1000)}
          >
            {formatDate(trade.at * 1000)}
          </time>
        </li>
      ))}
    </ol>
  );
}
