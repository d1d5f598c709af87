import { texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { useEffect, useRef } from "react";
import { Link, useLocation, useNavigationType } from "react-router";
import { BrandMark } from "../../../components/ui/brand-mark";
import { hasSession } from "../../../lib/session";
import { legalDocument, legalDocuments } from "../content/legal-documents";
import { type LegalDocument, type LegalPageName, sectionHref } from "../content/types";
import { legalCopy } from "../copy";
import { GoToTop } from "./go-to-top";
import { LegalSidebar } from "./legal-sidebar";
import { LegalBlocks } from "./legal-text";
import "../legal.css";

function titleId(anchor: string): string {
  return `${anchor}-title`;
}

/** The element id a location hash points at ("#minors" → "minors"), or null. */
function anchorOf(hash: string): string | null {
  if (hash.length < 2) return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
}

function DocumentArticle({ document }: { document: LegalDocument }) {
  return (
    <article id={document.id} className="legal-doc" aria-labelledby={titleId(document.id)}>
      <h2 id={titleId(document.id)} className="legal-doc__title" tabIndex={-1}>
        {document.title}
      </h2>
      <div className="legal-text">
        <LegalBlocks blocks={document.intro} />
      </div>
      {document.isNumbered ? (
        <>
          <p className="legal-contents__title">{legalCopy.contents}</p>
          <ol className="legal-contents">
            {document.sections.map((section, index) => (
              <li key={section.id}>
                <Link to={sectionHref(document.page, section.id)}>{`${index + 1}. ${section.title}`}</Link>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {document.sections.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          className="legal-section"
          aria-labelledby={titleId(section.id)}
        >
          <h3 id={titleId(section.id)} className="legal-section__title" tabIndex={-1}>
            {document.isNumbered ? `${index + 1}. ${section.title}` : section.title}
          </h3>
          <div className="legal-text">
            <LegalBlocks blocks={section.blocks} />
          </div>
        </section>
      ))}
    </article>
  );
}

/**
 * The one legal page behind /privacy, /terms, /eula and /disclaimer: all four documents on a
 * single scrolling page. The route picks the open topic list and where the page scrolls to;
 * a #section in the address scrolls to that section, also on arrival.
 */
export function LegalPage({ page }: { page: LegalPageName }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isSignedIn = hasSession();

  // A passive effect, so it runs after the router's scroll restoration (a layout effect) has
  // moved the page to the top, and wins.
  useEffect(() => {
    const hashAnchor = anchorOf(location.hash);
    const defaultAnchor = page === legalDocuments[0]?.page ? null : legalDocument(page).id;
    const anchor = (hashAnchor && document.getElementById(hashAnchor) ? hashAnchor : null) ?? defaultAnchor;
    const target = anchor ? document.getElementById(anchor) : null;
    if (!anchor || !target) {
      window.scrollTo({ top: 0 });
      return;
    }
    target.scrollIntoView({ block: "start" });
    // Keyboard and screen-reader users continue from the heading just reached: after following a
    // link, or when the address names a section.
    if (location.hash || navigationType !== "POP") {
      document.getElementById(titleId(anchor))?.focus({ preventScroll: true });
    }
  }, [location, navigationType, page]);

  return (
    <div className="legal">
      <header className="legal-header">
        <Link className="legal-header__brand" to={paths.landing}>
          <BrandMark />
        </Link>
        {isSignedIn ? (
          <Link className="legal-header__link" to={paths.profile}>
            {legalCopy.profile}
          </Link>
        ) : (
          <Link className="legal-header__link" to={paths.login}>
            {legalCopy.login}
          </Link>
        )}
      </header>
      <div className="legal-layout">
        <LegalSidebar page={page} />
        <main id="main" className="legal-main">
          <h1 ref={headingRef} className="legal-main__title" tabIndex={-1}>
            {texts.legalTerms}
          </h1>
          {legalDocuments.map((document) => (
            <DocumentArticle key={document.page} document={document} />
          ))}
        </main>
      </div>
      <GoToTop focusTarget={headingRef} />
    </div>
  );
}
