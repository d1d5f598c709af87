import type { BuildingSearchResult } from "@mx/shared/schemas/properties";
import type { KeyboardEvent } from "react";

/** What the search's keys act on. */
interface SearchKeyState {
  hasQuery: boolean;
  expanded: boolean;
  results: BuildingSearchResult[];
  active: number;
  setOpen: (open: boolean) => void;
  setActive: (active: number) => void;
  choose: (result: BuildingSearchResult) => void;
}

/** The combobox's keys: the arrows move through the results, Enter chooses one, Escape closes the list. */
export function handleSearchKey(
  e: KeyboardEvent<HTMLInputElement>,
  { hasQuery, expanded, results, active, setOpen, setActive, choose }: SearchKeyState,
) {
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
