import { texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { Link } from "react-router";
import { ChevronRightIcon, ExternalLinkIcon } from "../../../components/ui/icons";
import { BackLink, PageHeader } from "../../../components/ui/page-header";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { externalLinks } from "../content/external-links";
import { legalCopy } from "../copy";
import "../legal-list.css";

const documentLinks = [
  { label: texts.privacyPolicy, to: paths.privacy },
  { label: texts.termsAndConditions, to: paths.terms },
  { label: texts.disclaimer, to: paths.disclaimer },
] as const;

/** /legal (signed in): the legal documents, and a government page on digital assets in a new tab. */
export function LegalListRoute() {
  useDocumentTitle(texts.legalTerms);
  return (
    <div className="legal-list">
      <PageHeader
        title={texts.legalTerms}
        lead={<BackLink to={paths.profile} label={legalCopy.backToProfile} />}
      />
      <nav aria-label={legalCopy.listLabel}>
        <ul className="legal-list__items">
          {documentLinks.map((item) => (
            <li key={item.to}>
              <Link className="legal-list__item" to={item.to}>
                <span>{item.label}</span>
                <ChevronRightIcon />
              </Link>
            </li>
          ))}
          <li>
            <a
              className="legal-list__item"
              href={externalLinks.digitalAssets.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              <span>
                {externalLinks.digitalAssets.label}
                <span className="visually-hidden">{legalCopy.opensInNewTab}</span>
              </span>
              <ExternalLinkIcon />
            </a>
          </li>
        </ul>
      </nav>
    </div>
  );
}
