import { useDocumentTitle } from "../../../lib/use-document-title";
import { LegalPage } from "../components/legal-page";
import { legalDocument } from "../content/legal-documents";
import type { LegalPageName } from "../content/types";

/** /privacy, /terms, /eula (also /EULA) and /disclaimer: the same page, opened at the route's document. */
export function LegalRoute({ page }: { page: LegalPageName }) {
  useDocumentTitle(legalDocument(page).title);
  return <LegalPage page={page} />;
}
