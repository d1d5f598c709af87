import { formatCents } from "@mx/shared/money";
import { paths } from "@mx/shared/routes";
import type { ShopProduct } from "@mx/shared/shop";
import { Link } from "react-router";
import { ProductArt } from "../images/product-art";

/** A product in a grid: picture, badge, name, price and size; the whole card opens the product. */
export function ProductCard({ product, headingLevel = 2 }: { product: ShopProduct; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="product-card">
      <div className="product-card__art">
        <ProductArt imageKey={product.images[0] ?? ""} productName={product.name} />
        <span className="product-badge">{product.badge}</span>
      </div>
      <div className="product-card__body">
        <Heading className="product-card__name">
          <Link className="product-card__link" to={paths.product(product.id)}>
            {product.name}
          </Link>
        </Heading>
        <p className="product-card__meta">
          <span className="product-card__price">{formatCents(product.priceCents)}</span>
          <span className="product-card__size">{product.dimensions}</span>
        </p>
      </div>
    </article>
  );
}
