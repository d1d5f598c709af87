import type { BuildingSearchResult } from "@mx/shared/schemas/properties";
import { useEffect, useRef, useState } from "react";
import { searchBuildings } from "./api";

const SEARCH_DEBOUNCE_MS = 250;

export type SearchStatus = "idle" | "loading" | "done" | "error";

/**
 * The buildings matching `query`, searched once the player pauses typing: the results, how the search stands, the
 * result the arrow keys are on, and the text of a chosen result (which, put in the box, is not searched again).
 */
export function useBuildingSearch(query: string) {
  const [results, setResults] = useState<BuildingSearchResult[]>([]);
  const [status, setStatus] = useState<SearchStatus>("idle");
  const [active, setActive] = useState(-1);
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

  return { results, status, active, setActive, chosenText };
}
