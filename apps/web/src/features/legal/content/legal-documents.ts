import { disclaimer } from "./disclaimer";
import { endUserLicenseAgreement } from "./eula";
import { privacyNotice } from "./privacy";
import { termsOfServices } from "./terms";
import type { LegalDocument, LegalPageName } from "./types";

const byPage: Record<LegalPageName, LegalDocument> = {
  privacy: privacyNotice,
  terms: termsOfServices,
  eula: endUserLicenseAgreement,
  disclaimer,
};

/** The four documents, in the order the legal page shows them. */
export const legalDocuments: readonly LegalDocument[] = [
  byPage.privacy,
  byPage.terms,
  byPage.eula,
  byPage.disclaimer,
];

export function legalDocument(page: LegalPageName): LegalDocument {
  return byPage[page];
}
