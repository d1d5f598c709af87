import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { ChevronDownIcon, CloseIcon, MenuIcon } from "../../../components/ui/icons";
import { legalDocuments } from "../content/legal-documents";
import { type LegalPageName, sectionHref } from "../content/types";
import { legalCopy } from "../copy";

const PANEL_ID = "legal-topics";

/**
 * The topic lists of all four documents as an accordion: one list open at a time, the route's
 * own list open on arrival. Under the legal breakpoint (551 px) the whole menu folds behind a toggle.
 */
export function LegalSidebar({ page }: { page: LegalPageName }) {
  const [openPage, setOpenPage] = useState<LegalPageName | null>(page);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const current = `${location.pathname.toLowerCase()}${location.hash}`;

  // The route decides which list is open.
  useEffect(() => {
    setOpenPage(page);
  }, [page]);

  // Following a link folds the small-screen menu away again.
  useEffect(() => {
    if (location.key) setIsMenuOpen(false);
  }, [location.key]);

  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setIsMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [isMenuOpen]);

  return (
    <nav className="legal-nav" aria-label={legalCopy.topics}>
      <button
        ref={toggleRef}
        type="button"
        className="legal-nav__toggle"
        aria-expanded={isMenuOpen}
        aria-controls={PANEL_ID}
        onClick={() => setIsMenuOpen((open) => !open)}
      >
        {isMenuOpen ? <CloseIcon /> : <MenuIcon />}
        {legalCopy.topicsToggle}
      </button>
      <div id={PANEL_ID} className={isMenuOpen ? "legal-nav__panel is-open" : "legal-nav__panel"}>
        {legalDocuments.map((document) => {
          const isOpen = openPage === document.page;
          const listId = `legal-topics-${document.page}`;
          return (
            <div key={document.page} className="legal-nav__group">
              <button
                type="button"
                className="legal-nav__group-button"
                aria-expanded={isOpen}
                aria-controls={listId}
                onClick={() => setOpenPage(isOpen ? null : document.page)}
              >
                <span>{document.title}</span>
                <ChevronDownIcon />
              </button>
              <ul id={listId} className="legal-nav__list" hidden={!isOpen}>
                {document.sections.map((section, index) => {
                  const href = sectionHref(document.page, section.id);
                  return (
                    <li key={section.id}>
                      <Link
                        className="legal-nav__link"
                        to={href}
                        aria-current={href === current ? "location" : undefined}
                      >
                        {document.isNumbered ? `${index + 1}. ${section.title}` : section.title}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
      </div>
    </nav>
  );
}
