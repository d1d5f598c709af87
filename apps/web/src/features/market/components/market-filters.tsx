import { marketTexts } from "@mx/shared/messages";
import { MARKET_SORTS } from "@mx/shared/schemas/market";
import { useId, useState } from "react";
import { TextField } from "../../../components/ui/text-field";
import type { ListingFilters } from "../api/get-listings";
import { type FilterField, isSort } from "../filters";

type Edit = (field: FilterField) => (event: { target: { value: string } }) => void;

/**
 * The market's filters: a neighbourhood, words, price, floors and year ranges, and the order. On a phone they fold
 * behind one control, so that the first listing is on the first screen.
 */
export function MarketFilters({
  draft,
  names,
  setCount,
  pick,
  edit,
}: {
  draft: ListingFilters;
  names: string[];
  /** How many filters are applied, said on the control that unfolds them. */
  setCount: number;
  pick: (next: Partial<ListingFilters>) => void;
  edit: Edit;
}) {
  const ids = { hood: useId(), sort: useId(), filters: useId() };
  const [filtersOpen, setFiltersOpen] = useState(false);
  return (
    <>
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
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <RangeFields draft={draft} edit={edit} />
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
    </>
  );
}

/** The typed filters: words, then the price, floors and year ranges. */
function RangeFields({ draft, edit }: { draft: ListingFilters; edit: Edit }) {
  return (
    <>
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
    </>
  );
}
