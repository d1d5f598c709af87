import { BRAND_NAME } from "@mx/shared/constants";
import { paths } from "@mx/shared/routes";
import { Link, Outlet } from "react-router";
import { BrandMark } from "../../../components/ui/brand-mark";
import { cartCount, pricedLines } from "../cart";
import { shopCopy } from "../copy";
import { useCart } from "../use-cart";
import { CartIcon } from "./shop-icons";
import "../shop.css";

/** The cart icon with the total quantity from the stored cart; it opens the checkout. */
function CartLink() {
  const { cart } = useCart();
  // Only catalogue products count; an unknown id in storage is dropped at checkout.
  const count = cartCount(pricedLines(cart).map(({ line }) => line));
  return (
    <Link className="cart-link" to={paths.checkout} aria-label={shopCopy.cartLabel(count)}>
      <CartIcon size={24} />
      {count > 0 ? (
        <span className="cart-link__badge" aria-hidden="true" data-testid="cart-count">
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}

/** Every shop page: the shop title (to /), the cart icon, the page, and the terms every sale is under. */
export function ShopLayout() {
  return (
    <div className="shop">
      <header className="shop-header">
        <div className="shop-header__inner">
          {/* The name starts with the visible text, "Manhattan Exchange Shop" (the space between the two counts). */}
          <Link className="shop-header__title" to={paths.landing} aria-label={shopCopy.homeLink}>
            <BrandMark /> <span className="shop-header__shop">{shopCopy.shopTitle}</span>
          </Link>
          <CartLink />
        </div>
      </header>
      <main id="main" className="shop-main">
        <Outlet />
      </main>
      <footer className="shop-footer">
        <p>
          © {new Date().getFullYear()} {BRAND_NAME}. Payments in US dollars. All sales are final.
        </p>
        <ul className="shop-footer__links">
          <li>
            <Link to={paths.shop}>{shopCopy.shopTitle}</Link>
          </li>
          <li>
            <a href={paths.terms}>Terms</a>
          </li>
          <li>
            <a href={paths.privacy}>Privacy</a>
          </li>
        </ul>
      </footer>
    </div>
  );
}
