import { MARKET } from "@mx/shared/constants";
import { marketTexts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { MARKET_SORTS, type MarketSort } from "@mx/shared/schemas/market";
import { useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button";
import { MapIcon } from "../../../components/ui/icons";
import { LoadError } from "../../../components/ui/load-error";
import { BackLink, PageHeader } from "../../../components/ui/page-header";
import { Pager, pageCount } from "../../../components/ui/pager";
import { PageSpinner } from "../../../components/ui/spinner";
import { TextField } from "../../../components/ui/text-field";
import { errorMessage } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { type ListingFilters, useListings } from "../api/get-listings";
import { useNeighborhoodNames } from "../api/get-neighborhood-names";
import { ListingsView, type WatchSlot } from "../components/listings-view";
import { TradeTicker } from "../components/trade-ticker";
import "../market.css";

const FILTER_DELAY_MS = 350;
const FIELDS = ["neighborhood", "minPrice", "maxPrice", "minFloors", "minYear", "maxYear", "text"] as const;

const isSort = (value: string | null): value is MarketSort =>
  value !== null && (MARKET_SORTS as readonly string[]).includes(value);

function readFilters(params: URLSearchParams): ListingFilters {
  const sort = params.get("sort");
  const filters = { sort: isSort(sort) ? sort : MARKET.defaultSort } as ListingFilters;
  for (const field of FIELDS) filters[field] = params.get(field) ?? "";
  return filters;
}

function readPage(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The filters as a query string: what is empty or the default is left out, so links stay short. */
function writeParams(filters: ListingFilters, page: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of FIELDS) if (filters[field].trim() !== "") out[field] = filters[field].trim();
  if (filters.sort !== MARKET.defaultSort) out.sort = filters.sort;
  if (page > 1) out.page = String(page);
  return out;
}

/**
 * /market. `watchToggle`: the star that watches a listing's building (the watchlist feature's), handed in by the app
 * as Property Details' is.
 */
export function MarketRoute({ watchToggle }: { watchToggle?: WatchSlot } = {}) {
  useDocumentTitle(marketTexts.marketTitle);
  const ids = { hood: useId(), sort: useId(), filters: useId() };
  // On a phone the filters fold behind one control, so that the first listing is on the first screen.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [params, setParams] = useSearchParams();
  const applied = readFilters(params);
  const page = readPage(params);
  const [draft, setDraft] = useState<ListingFilters>(applied);
  const names = useNeighborhoodNames();
  const listings = useListings({ ...applied, page });

  // Typed filters reach the address (and the query) once the player pauses; picks apply at once.
  const draftKey = JSON.stringify(draft);
  const appliedKey = JSON.stringify(applied);
  useEffect(() => {
    if (draftKey === appliedKey) return;
    const timer = window.setTimeout(
      () => setParams(writeParams(draft, 1), { replace: true }),
      FILTER_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [draftKey, appliedKey, draft, setParams]);

  const pick = (next: Partial<ListingFilters>) => {
    const merged = { ...draft, ...next };
    setDraft(merged);
    setParams(writeParams(merged, 1), { replace: true });
  };
  const edit = (field: (typeof FIELDS)[number]) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: event.target.value }));

  const totalPages = listings.data ? pageCount(listings.data.totalCount, MARKET.pageSize) : 1;
  const goToPage = (next: number) => {
    setParams(writeParams(applied, next));
    window.scrollTo({ top: 0 });
  };
  const setCount = FIELDS.filter((f) => applied[f].trim() !== "").length;
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
          <button
            type="button"
            className="btn btn--secondary market-filters__toggle"
            aria-expanded={filtersOpen}
            aria-controls={ids.filters}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {marketTexts.filtersToggle(setCount)}
          </button>
          <search
            id={ids.filters}
            className={filtersOpen ? "market-filters market-filters--open" : "market-filters"}
            aria-label={marketTexts.filters}
          >
            <div className="field market-filters__hood">
              <label className="field__label" htmlFor={ids.hood}>
                {marketTexts.neighborhood}
              </label>
              <select
                id={ids.hood}
                className="field__input field__select"
                value={draft.neighborhood}
                onChange={(event) => pick({ neighborhood: event.target.value })}
              >
                <option value="">{marketTexts.wholeIsland}</option>
                {(names.data ?? []).map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <TextField
              className="market-filters__text"
              type="search"
              label={marketTexts.text}
              placeholder={marketTexts.textPlaceholder}
              autoComplete="off"
              maxLength={100}
              value={draft.text}
              onChange={edit("text")}
            />
            <TextField
              label={marketTexts.minPrice}
              type="number"
              inputMode="decimal"
              min={0}
              value={draft.minPrice}
              onChange={edit("minPrice")}
            />
            <TextField
              label={marketTexts.maxPrice}
              type="number"
              inputMode="decimal"
              min={0}
              value={draft.maxPrice}
              onChange={edit("maxPrice")}
            />
            <TextField
              label={marketTexts.minFloors}
              type="number"
              inputMode="numeric"
              min={0}
              value={draft.minFloors}
              onChange={edit("minFloors")}
            />
            <TextField
              label={marketTexts.minYear}
              type="number"
              inputMode="numeric"
              value={draft.minYear}
              onChange={edit("minYear")}
            />
            <TextField
              label={marketTexts.maxYear}
              type="number"
              inputMode="numeric"
              value={draft.maxYear}
              onChange={edit("maxYear")}
            />
            <div className="field market-filters__sort">
              <label className="field__label" htmlFor={ids.sort}>
                {marketTexts.sort}
              </label>
              <select
                id={ids.sort}
                className="field__input field__select"
                value={draft.sort}
                onChange={(event) => {
                  if (isSort(event.target.value)) pick({ sort: event.target.value });
                }}
              >
                {MARKET_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {marketTexts.sorts[sort]}
                  </option>
                ))}
              </select>
            </div>
          </search>

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

          {listings.isPending ? <PageSpinner /> : null}
          <LoadError onRetry={() => void listings.refetch()} isRetrying={listings.isFetching}>
            {listings.isError ? errorMessage(listings.error, marketTexts.loadListingsFailed) : null}
          </LoadError>
          {listings.data && listings.data.listings.length === 0 ? (
            <p className="market__empty">
              {hasFilters ? marketTexts.noListings : marketTexts.noListingsAtAll}
            </p>
          ) : null}
          {listings.data && listings.data.listings.length > 0 ? (
            <>
              <ListingsView
                listings={listings.data.listings}
                sort={applied.sort}
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
        </div>
        <aside className="market__aside">
          <TradeTicker />
        </aside>
      </div>
    </div>
  );
}
