import { formatDollars } from "@mx/shared/money";
import type { NeighborhoodDetailData } from "@mx/shared/schemas/properties";
import { lazy, Suspense } from "react";
import { PlayerLink } from "../../../components/ui/player-link";
import { formatDate } from "../../../lib/format-date";
import { useMarketIndex } from "../api/get-market-index";
import { leaderboardCopy } from "../copy";

// Recharts is large: it loads with the first neighbourhood picked.
const IndexChart = lazy(() => import("./index-chart").then((module) => ({ default: module.IndexChart })));

/** A neighbourhood at a glance: its buildings, the share owned, their value, its top owners and latest sales. */
export function NeighborhoodPanel({ detail }: { detail: NeighborhoodDetailData }) {
  const { neighborhood, topOwners, lastSales } = detail;
  const index = useMarketIndex(neighborhood.name);
  const share = neighborhood.buildings > 0 ? (neighborhood.owned / neighborhood.buildings) * 100 : 0;
  return (
    <section className="neighborhood-panel" aria-label={leaderboardCopy.panelLabel(neighborhood.name)}>
      <h2 className="neighborhood-panel__title">{neighborhood.name}</h2>
      <dl className="neighborhood-panel__facts">
        <div>
          <dt>{leaderboardCopy.buildings}</dt>
          <dd>{neighborhood.buildings.toLocaleString("en-US")}</dd>
        </div>
        <div>
          <dt>{leaderboardCopy.owned}</dt>
          <dd>
            {neighborhood.owned.toLocaleString("en-US")} ({share < 1 && share > 0 ? "<1" : Math.round(share)}
            %)
          </dd>
        </div>
        <div>
          <dt>{leaderboardCopy.totalValue}</dt>
          <dd>{formatDollars(neighborhood.totalValue)}</dd>
        </div>
      </dl>
      <div className="neighborhood-panel__lists">
        <div>
          <h3 className="neighborhood-panel__subtitle">{leaderboardCopy.topOwners}</h3>
          {topOwners.length === 0 ? (
            <p className="neighborhood-panel__empty">{leaderboardCopy.noOwners}</p>
          ) : (
            <ol className="neighborhood-panel__list">
              {topOwners.map((owner) => (
                <li key={owner.userId}>
                  <span
                    className="neighborhood-panel__swatch"
                    style={{ background: owner.color }}
                    aria-hidden="true"
                  />
                  <PlayerLink userName={owner.userName} /> · {leaderboardCopy.propertyCount(owner.properties)}
                </li>
              ))}
            </ol>
          )}
        </div>
        <div>
          <h3 className="neighborhood-panel__subtitle">{leaderboardCopy.lastSales}</h3>
          {lastSales.length === 0 ? (
            <p className="neighborhood-panel__empty">{leaderboardCopy.noSales}</p>
          ) : (
            <ul className="neighborhood-panel__list">
              {lastSales.map((sale) => (
                <li key={`${sale.buildingId}-${sale.soldAt}`}>
                  {sale.name} · {formatDollars(sale.price)} ·{" "}
                  <time dateTime={sale.soldAt}>{formatDate(sale.soldAt)}</time>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {index.data ? (
        <Suspense fallback={null}>
          <IndexChart name={neighborhood.name} days={index.data.days} />
        </Suspense>
      ) : null}
    </section>
  );
}
