import { MARKET } from "@mx/shared/constants";
import { marketTexts } from "@mx/shared/messages";
import type { MarketSort } from "@mx/shared/schemas/market";
import { LoadError } from "../../../components/ui/load-error";
import { Pager, pageCount } from "../../../components/ui/pager";
import { PageSpinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import type { useListings } from "../api/get-listings";
import { ListingsView, type WatchSlot } from "./listings-view";

/** The page of listings under the filters: loading, its error, "none", or the listings with the pager. */
export function MarketResults({
  listings,
  sort,
  page,
  hasFilters,
  goToPage,
  watchToggle,
}: {
  listings: ReturnType<typeof useListings>;
  sort: MarketSort;
  page: number;
  hasFilters: boolean;
  goToPage: (page: number) => void;
  watchToggle: WatchSlot | undefined;
}) {
  const totalPages = listings.data ? pageCount(listings.data.totalCount, MARKET.pageSize) : 1;
  return (
    <>
      {listings.isPending ? <PageSpinner /> : null}
      <LoadError onRetry={() => void listings.refetch()} isRetrying={listings.isFetching}>
        {listings.isError ? errorMessage(listings.error, marketTexts.loadListingsFailed) : null}
      </LoadError>
      {listings.data && listings.data.listings.length === 0 ? (
        <p className="market__empty">{hasFilters ? marketTexts.noListings : marketTexts.noListingsAtAll}</p>
      ) : null}
      {listings.data && listings.data.listings.length > 0 ? (
        <>
          <ListingsView
            listings={listings.data.listings}
            sort={sort}
            isUpdating={listings.isPlaceholderData}
            watchToggle={watchToggle}
          />
          <Pager
            page={page}
            totalPages={totalPages}
            onPageChange={goToPage}
            label={marketTexts.pagesLabel}
            isBusy={listings.isPlaceholderData}
          />
        </>
      ) : null}
    </>
  );
}
