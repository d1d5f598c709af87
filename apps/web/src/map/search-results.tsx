import type { BuildingSearchResult } from "@mx/shared/schemas/properties";
import { mapTexts } from "./copy";
import type { SearchStatus } from "./use-building-search";

/** What the status line says of the search: searching, failed, nothing found or how many were. */
export function searchAnnouncement(hasQuery: boolean, status: SearchStatus, count: number): string {
  return !hasQuery || status === "idle"
    ? ""
    : status === "loading"
      ? mapTexts.searching
      : status === "error"
        ? mapTexts.searchFailed
        : count === 0
          ? mapTexts.noBuildingsFound
          : mapTexts.resultsFound(count);
}

/** The search's popup: the results as listbox options, and one status line. */
export function SearchResults({
  listId,
  optionId,
  results,
  active,
  expanded,
  announcement,
  onHover,
  onChoose,
}: {
  listId: string;
  optionId: (index: number) => string;
  results: BuildingSearchResult[];
  active: number;
  expanded: boolean;
  announcement: string;
  onHover: (index: number) => void;
  onChoose: (result: BuildingSearchResult) => void;
}) {
  return (
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
            onMouseMove={() => onHover(index)}
            onClick={() => onChoose(result)}
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
  );
}
