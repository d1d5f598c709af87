import { useEffect } from "react";

/** While `open` is set, Escape calls `close`, unless something inside (the search list) used the key already. */
export function useCloseOnEscape(open: unknown, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented) close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, close]);
}
