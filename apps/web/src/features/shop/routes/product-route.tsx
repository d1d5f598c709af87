import { errors, texts } from "@mx/shared/messages";
import { formatCents } from "@mx/shared/money";
import { paths } from "@mx/shared/routes";
import { findProduct, SHOP_PRODUCTS } from "@mx/shared/shop";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Button } from "../../../components/ui/button";
import { StatusNote } from "../../../components/ui/error-box";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { addToCart, buyNowSearch, quantityOf } from "../cart";
import { ImageCarousel } from "../components/image-carousel";
import { ProductCard } from "../components/product-card";
import { shopCopy } from "../copy";
import { useCart } from "../use-cart";

/** The product id in the route, when it is a whole number. */
function productIdOf(raw: string | undefined): number | null {
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
}

/** /product/{id}: name, pictures, price, size, the two buttons and the other products. */
export function ProductRoute() {
  const params = useParams();
  const id = productIdOf(params.id);
  const product = id === null ? undefined : findProduct(id);
  useDocumentTitle(product?.name ?? errors.productNotFound);

  if (!product) {
    return (
      <div className="shop-page shop-not-found">
        <h1 className="shop-not-found__title">{errors.productNotFound}</h1>
        <Link className="btn btn--secondary" to={paths.shop}>
          {shopCopy.backToShop}
        </Link>
      </div>
    );
  }
  // A new product starts its carousel and its notice afresh.
  return <ProductDetails key={product.id} productId={product.id} />;
}

function ProductDetails({ productId }: { productId: number }) {
  const product = findProduct(productId);
  const { update } = useCart();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  if (!product) return null;
  const others = SHOP_PRODUCTS.filter((p) => p.id !== product.id);

  const handleAddToCart = () => {
    const next = update((current) => addToCart(current, product.id));
    setNotice(shopCopy.addedToCart(product.name, quantityOf(next, product.id)));
  };

  const handleBuyNow = () => {
    const next = update((current) => addToCart(current, product.id));
    void navigate(
      `${paths.checkout}${buyNowSearch({ id: product.id, quantity: quantityOf(next, product.id) })}`,
    );
  };

  return (
    <div className="shop-page">
      <nav className="shop-breadcrumb" aria-label="Breadcrumb">
        <Link to={paths.shop}>{shopCopy.shopTitle}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{product.name}</span>
      </nav>
      <article className="product">
        <div className="product__gallery">
          <ImageCarousel images={product.images} productName={product.name} />
        </div>
        <div className="product__info">
          <span className="product-badge product-badge--inline">{product.badge}</span>
          <h1 className="product__name">{product.name}</h1>
          <div className="product__price">{formatCents(product.priceCents)}</div>
          <ul className="product__notes">
            <li>{texts.shippingHandling}</li>
            <li>{texts.taxes}</li>
          </ul>
          <dl className="product__facts">
            <dt>{shopCopy.dimensions}</dt>
            <dd>{product.dimensions}</dd>
          </dl>
          <p className="product__description">{product.description}</p>
          <div className="product__actions">
            <Button variant="secondary" className="btn--large" onClick={handleAddToCart}>
              {texts.addToCart}
            </Button>
            <Button className="btn--large" onClick={handleBuyNow}>
              {texts.buyNow}
            </Button>
          </div>
          <StatusNote>{notice}</StatusNote>
        </div>
      </article>
      <section className="other-products" aria-labelledby="other-products-title">
        <h2 id="other-products-title" className="other-products__title">
          {texts.otherProducts}
        </h2>
        <ul className="product-grid product-grid--compact">
          {others.map((other) => (
            <li key={other.id}>
              <ProductCard product={other} headingLevel={3} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
