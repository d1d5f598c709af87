import type { BuildingSearchResult } from "@mx/shared/schemas/properties";
import { useId, useRef, useState } from "react";
import { mapTexts } from "./copy";
import { handleSearchKey } from "./search-keys";
import { SearchResults, searchAnnouncement } from "./search-results";
import { useBuildingSearch } from "./use-building-search";

/**
 * Building search as an ARIA combobox: type a name or an address, move through the results with
 * the arrow keys, Enter (or a click) chooses one, Escape closes the list.
 */
export function SearchBox({ onChoose }: { onChoose: (result: BuildingSearchResult) => void }) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const { results, status, active, setActive, chosenText } = useBuildingSearch(query);
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  const hasQuery = query.trim() !== "";
  const expanded = open && hasQuery && status !== "idle";

  function choose(result: BuildingSearchResult) {
    chosenText.current = result.name;
    setQuery(result.name);
    setOpen(false);
    setActive(-1);
    onChoose(result);
  }

  return (
    <div className="mx-search" ref={rootRef}>
      <label htmlFor={inputId} className="visually-hidden">
        {mapTexts.searchLabel}
      </label>
      <SearchIcon />
      <input
        ref={inputRef}
        id={inputId}
        className="mx-search__input"
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder={mapTexts.searchPlaceholder}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={(e) => {
          if (!rootRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={(e) =>
          handleSearchKey(e, { hasQuery, expanded, results, active, setOpen, setActive, choose })
        }
      />
      {query ? (
        <ClearButton
          onClear={() => {
            setQuery("");
            inputRef.current?.focus();
          }}
        />
      ) : null}
      <SearchResults
        listId={listId}
        optionId={optionId}
        results={results}
        active={active}
        expanded={expanded}
        announcement={searchAnnouncement(hasQuery, status, results.length)}
        onHover={setActive}
        onChoose={choose}
      />
    </div>
  );
}

/** The magnifying glass before the input. */
function SearchIcon() {
  return (
    <svg className="mx-search__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The cross that empties the search box. */
function ClearButton({ onClear }: { onClear: () => void }) {
  return (
    <button type="button" className="mx-search__clear" aria-label={mapTexts.clearSearch} onClick={onClear}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
