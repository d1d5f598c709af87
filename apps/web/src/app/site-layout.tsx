import { BRAND_NAME } from "@mx/shared/constants";
import { texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { useEffect, useState } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import { BrandMark } from "../components/ui/brand-mark";
import { CloseIcon, MenuIcon } from "../components/ui/icons";
import "./site-layout.css";

const menu = [
  { to: paths.landing, label: texts.home, end: true },
  { to: paths.login, label: texts.login, end: false },
  { to: paths.shop, label: texts.shop, end: false },
] as const;

const legalLinks = [
  { href: paths.privacy, label: "Privacy" },
  { href: paths.terms, label: "Terms" },
  { href: paths.eula, label: "EULA" },
  { href: paths.disclaimer, label: "Disclaimer" },
] as const;

/** Header with the site menu (collapsing to a toggle under the mobile breakpoint) and a footer. */
export function SiteLayout() {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const { pathname } = useLocation();

  // A route change closes the mobile menu.
  useEffect(() => {
    if (pathname) setIsMenuOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setIsMenuOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [isMenuOpen]);

  return (
    <div className="site">
      <header className="site-header">
        <nav className="site-nav" aria-label="Main">
          <Link className="site-nav__brand" to={paths.landing}>
            <BrandMark />
          </Link>
          <button
            type="button"
            className="site-nav__toggle"
            aria-expanded={isMenuOpen}
            aria-controls="site-menu"
            aria-label="Menu"
            onClick={() => setIsMenuOpen((open) => !open)}
          >
            {isMenuOpen ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
          </button>
          <ul id="site-menu" className={isMenuOpen ? "site-nav__menu is-open" : "site-nav__menu"}>
            {menu.map((item) => (
              <li key={item.to}>
                <NavLink
                  className="site-nav__link"
                  to={item.to}
                  end={item.end}
                  onClick={() => setIsMenuOpen(false)}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="site-main">
        <Outlet />
      </main>
      <footer className="site-footer">
        <p className="site-footer__brand">
          <BrandMark compact />
        </p>
        <ul className="site-footer__links">
          {legalLinks.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
        <p className="site-footer__note">
          © {new Date().getFullYear()} {BRAND_NAME}. Payments in US dollars. All sales are final.
        </p>
      </footer>
    </div>
  );
}
