import { BRAND_NAME } from "@mx/shared/constants";
import { useEffect } from "react";

/** Sets the tab title for the page: "Page · Brand", or the brand alone. */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? `${page} · ${BRAND_NAME}` : BRAND_NAME;
  }, [page]);
}
