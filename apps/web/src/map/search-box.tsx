import type { BuildingSearchResult } from "@mx/shared/schemas/properties";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { searchBuildings } from "./api";
import { mapTexts } from "./copy";

const SEARCH_DEBOUNCE_MS = 250;

type Status = "idle" | "loading" | "done" | "error";

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
  const [results, setResults] = useState<BuildingSearchResult[]>([]);
  const [status, setStatus] = useState<Status>("idle");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  /** The text of the result just chosen: putting it in the box must not search again. */
  const chosenText = useRef<string | null>(null);

  useEffect(() => {
    const q = query.trim();
    if (chosenText.current !== null && chosenText.current === query) return;
    chosenText.current = null;
    if (!q) {
      setResults([]);
      setStatus("idle");
      setActive(-1);
      return;
    }
    setStatus("loading");
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      searchBuildings(q, controller.signal)
        .then((found) => {
          setResults(found);
          setStatus("done");
          setActive(-1);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn("Building search failed", error);
          setResults([]);
          setStatus("error");
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const hasQuery = query.trim() !== "";
  const expanded = open && hasQuery && status !== "idle";

  function choose(result: BuildingSearchResult) {
    chosenText.current = result.name;
    setQuery(result.name);
    setOpen(false);
    setActive(-1);
    onChoose(result);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    switch (e.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (!hasQuery) return;
        e.preventDefault();
        setOpen(true);
        if (results.length === 0) return;
        const step = e.key === "ArrowDown" ? 1 : -1;
        const start = expanded ? active : step === 1 ? -1 : results.length;
        setActive((start + step + results.length) % results.length);
        return;
      }
      case "Enter": {
        if (!expanded || results.length === 0) return;
        e.preventDefault();
        const result = results[active >= 0 ? active : 0];
        if (result) choose(result);
        return;
      }
      case "Escape": {
        // Closes the list; with the list closed, Escape is left to the page (it closes the building card).
        if (expanded) {
          e.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        return;
      }
    }
  }

  const announcement =
    !hasQuery || status === "idle"
      ? ""
      : status === "loading"
        ? mapTexts.searching
        : status === "error"
          ? mapTexts.searchFailed
          : results.length === 0
            ? mapTexts.noBuildingsFound
            : mapTexts.resultsFound(results.length);

  return (
    <div className="mx-search" ref={rootRef}>
      <label htmlFor={inputId} className="visually-hidden">
        {mapTexts.searchLabel}
      </label>
      <svg className="mx-search__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
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
        onKeyDown={onKeyDown}
      />
      {query ? (
        <button
          type="button"
          className="mx-search__clear"
          aria-label={mapTexts.clearSearch}
          onClick={() => {
            setQuery("");
            inputRef.current?.focus();
          }}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      ) : null}
      <div className="mx-search__popup" hidden={!expanded}>
        <div id={listId} role="listbox" aria-label={mapTexts.searchResults} className="mx-search__list">
          {results.map((result, index) => (
            // Keyboard use goes through the combobox (aria-activedescendant); options never take focus.
            // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
            <div
              key={result.buildingId}
              tabIndex={-1}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="mx-search__option"
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => choose(result)}
            >
              <span className="mx-search__name">{result.name || mapTexts.noName}</span>
              {result.address && result.address !== result.name ? (
                <span className="mx-search__address">{result.address}</span>
              ) : null}
              {/* Buildings named after the same corner are told apart by where they are and how tall. */}
              {result.neighborhood || result.floors ? (
                <span className="mx-search__address">
                  {mapTexts.resultDetail(result.neighborhood ?? null, result.floors ?? null)}
                </span>
              ) : null}
            </div>
          ))}
        </div>
        {/* One status line: shown when there is nothing to list, read out (only) when there is. */}
        <p role="status" className={results.length === 0 ? "mx-search__note" : "visually-hidden"}>
          {expanded ? announcement : ""}
        </p>
      </div>
    </div>
  );
}
