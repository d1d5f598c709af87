import { SHOP_PRODUCTS } from "@mx/shared/shop";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { ProductCard } from "../components/product-card";
import { shopCopy } from "../copy";

/** /shop: the five products; each opens its page. */
export function ShopRoute() {
  useDocumentTitle(shopCopy.shopTitle);
  return (
    <div className="shop-page">
      <header className="shop-intro">
        <h1 className="shop-intro__title">{shopCopy.catalogueTitle}</h1>
        <p className="shop-intro__lead">{shopCopy.catalogueLead}</p>
      </header>
      <ul className="product-grid" aria-label={shopCopy.shopTitle}>
        {SHOP_PRODUCTS.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </div>
  );
}
