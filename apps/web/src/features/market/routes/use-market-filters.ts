import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { ListingFilters } from "../api/get-listings";
import { FIELDS, type FilterField, readFilters, readPage, writeParams } from "../filters";

const FILTER_DELAY_MS = 350;

/**
 * The market's filters, kept in the address: those applied and the page, the draft being typed, and ways to pick a
 * filter (applied at once), edit one (applied once the player pauses) and turn the page.
 */
export function useMarketFilters() {
  const [params, setParams] = useSearchParams();
  const applied = readFilters(params);
  const page = readPage(params);
  const [draft, setDraft] = useState<ListingFilters>(applied);

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
  const edit = (field: FilterField) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: event.target.value }));
  const goToPage = (next: number) => {
    setParams(writeParams(applied, next));
    window.scrollTo({ top: 0 });
  };
  const setCount = FIELDS.filter((f) => applied[f].trim() !== "").length;

  return { applied, page, draft, pick, edit, goToPage, setCount };
}
