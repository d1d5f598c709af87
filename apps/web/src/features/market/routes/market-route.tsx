import { marketTexts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { Button } from "../../../components/ui/button";
import { MapIcon } from "../../../components/ui/icons";
import { BackLink, PageHeader } from "../../../components/ui/page-header";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useListings } from "../api/get-listings";
import { useNeighborhoodNames } from "../api/get-neighborhood-names";
import type { WatchSlot } from "../components/listings-view";
import { MarketFilters } from "../components/market-filters";
import { MarketResults } from "../components/market-results";
import { TradeTicker } from "../components/trade-ticker";
import { FIELDS } from "../filters";
import { useMarketFilters } from "./use-market-filters";
import "../market.css";

/**
 * /market. `watchToggle`: the star that watches a listing's building (the watchlist feature's), handed in by the app
 * as Property Details' is.
 */
export function MarketRoute({ watchToggle }: { watchToggle?: WatchSlot } = {}) {
  useDocumentTitle(marketTexts.marketTitle);
  const { applied, page, draft, pick, edit, goToPage, setCount } = useMarketFilters();
  const names = useNeighborhoodNames();
  const listings = useListings({ ...applied, page });
  const hasFilters = setCount > 0;

  return (
    <div className="market">
      <PageHeader
        title={marketTexts.marketTitle}
        titleClassName="market__title"
        lead={<BackLink to={paths.profile} label={marketTexts.backToProfile} />}
      >
        <a className="icon-button" href={paths.map} aria-label={marketTexts.map}>
          <MapIcon size={22} />
        </a>
      </PageHeader>
      <p className="market__lead">{marketTexts.marketLead}</p>

      <div className="market__layout">
        <div className="market__main">
          <MarketFilters draft={draft} names={names.data ?? []} setCount={setCount} pick={pick} edit={edit} />

          <div className="market__status">
            {listings.data ? (
              <p className="market__count" aria-live="polite">
                {marketTexts.forSaleCount(listings.data.totalCount)}
              </p>
            ) : null}
            {hasFilters ? (
              <Button
                variant="secondary"
                className="btn--inline"
                onClick={() => pick(Object.fromEntries(FIELDS.map((f) => [f, ""])))}
              >
                {marketTexts.clearFilters}
              </Button>
            ) : null}
          </div>

          <MarketResults
            listings={listings}
            sort={applied.sort}
            page={page}
            hasFilters={hasFilters}
            goToPage={goToPage}
            watchToggle={watchToggle}
          />
        </div>
        <aside className="market__aside">
          <TradeTicker />
        </aside>
      </div>
    </div>
  );
}
