import { marketTexts } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import type { MarketBuildingData } from "@mx/shared/schemas/market";
import type { ReactNode } from "react";
import { StatusNote } from "../../../components/ui/error-box";
import { LoadError } from "../../../components/ui/load-error";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { useBuildingMarket } from "../api/get-building-market";
import { formatLongDate } from "../format-date";
import "./market-panel.css";

/** A price per 1,000 square feet, or a dash when there is none. */
function perArea(n: number | null): string {
  return n === null ? "–" : marketTexts.perArea(n);
}

function versusMedian(data: MarketBuildingData): string | null {
  return data.versusMedianPct === null ? null : marketTexts.vsMedian(data.versusMedianPct);
}

/**
 * The building's market beside its details: the ask, the best bid and every bid's amount (bidders are never
 * named), its last trades, and its price per 1,000 square feet against its neighbourhood's median. Its owner sees
 * `ownerBids` in place of the amounts: each pending bid with what they can do about it.
 */
export function MarketPanel({
  buildingId,
  ownerBids,
  notice = null,
}: {
  buildingId: string;
  ownerBids?: ReactNode;
  /** What the owner's last decision on a bid did ('Bid accepted. …'); it outlasts the list an acceptance ends. */
  notice?: string | null;
}) {
  const market = useBuildingMarket(buildingId);
  const data = market.data;
  return (
    <section className="market-panel" aria-labelledby="market-panel-title" data-testid="market-panel">
      <h2 id="market-panel-title" className="market-panel__title">
        {marketTexts.panelTitle}
      </h2>
      <StatusNote>{notice}</StatusNote>
      {market.isPending && buildingId ? <Spinner label={marketTexts.panelTitle} /> : null}
      <LoadError onRetry={() => void market.refetch()} isRetrying={market.isFetching}>
        {market.isError ? errorMessage(market.error, marketTexts.loadPanelFailed) : null}
      </LoadError>
      {data ? (
        <>
          <MarketFacts data={data} />
          <div
            className={ownerBids ? "market-panel__lists market-panel__lists--owner" : "market-panel__lists"}
          >
            <div>
              <h3 className="market-panel__subtitle">
                {ownerBids ? marketTexts.panelPendingBids : marketTexts.panelBidAmounts}
              </h3>
              {ownerBids ? (
                ownerBids
              ) : data.bids.length === 0 ? (
                <p className="market-panel__empty">{marketTexts.panelNoBids}</p>
              ) : (
                <ol className="market-panel__list" data-testid="market-panel-bids">
                  {data.bids.map((amount, index) => (
                    // Amounts can repeat and carry no identity of their own: their rank is their key.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                    <li key={index}>{formatDollars(amount)}</li>
                  ))}
                </ol>
              )}
            </div>
            <LastTrades trades={data.lastTrades} />
          </div>
        </>
      ) : null}
    </section>
  );
}

/** The ask, the best bid, the number of bids and the price per area against the neighbourhood's median. */
function MarketFacts({ data }: { data: MarketBuildingData }) {
  return (
    <dl className="market-panel__facts">
      <div>
        <dt>{marketTexts.panelAsk}</dt>
        <dd>{data.ask === null ? marketTexts.panelNotForSale : formatDollars(data.ask)}</dd>
      </div>
      <div>
        <dt>{marketTexts.panelBestBid}</dt>
        <dd data-testid="market-panel-best-bid">
          {data.bestBid === null ? marketTexts.noBids : formatDollars(data.bestBid)}
        </dd>
      </div>
      <div>
        <dt>{marketTexts.panelBidCount}</dt>
        <dd data-testid="market-panel-bid-count">{data.bidCount}</dd>
      </div>
      <div>
        <dt>{marketTexts.pricePerArea}</dt>
        <dd>{perArea(data.pricePer1000Sqft)}</dd>
      </div>
      {data.neighborhood ? (
        <div className="market-panel__wide">
          <dt>{marketTexts.neighborhoodMedian(data.neighborhood)}</dt>
          <dd>
            {data.neighborhoodMedianPer1000Sqft === null
              ? marketTexts.noMedian
              : `${perArea(data.neighborhoodMedianPer1000Sqft)}${versusMedian(data) ? ` · ${versusMedian(data)}` : ""}`}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The building's last trades: price, first sale or resale, and date. */
function LastTrades({ trades }: { trades: MarketBuildingData["lastTrades"] }) {
  return (
    <div>
      <h3 className="market-panel__subtitle">{marketTexts.panelLastTrades}</h3>
      {trades.length === 0 ? (
        <p className="market-panel__empty">{marketTexts.panelNoTrades}</p>
      ) : (
        <ol className="market-panel__list">
          {trades.map((trade) => (
            <li key={`${trade.at}-${trade.kind}`}>
              {formatDollars(trade.price)} ·{" "}
              {trade.kind === "first-sale" ? marketTexts.firstSale : marketTexts.resale} ·{" "}
              <time dateTime={new Date(trade.at * 1000).toISOString()}>{formatLongDate(trade.at)}</time>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
