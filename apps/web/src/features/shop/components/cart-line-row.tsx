import { formatCents } from "@mx/shared/money";
import { paths } from "@mx/shared/routes";
import { Link } from "react-router";
import type { PricedLine } from "../cart";
import { shopCopy } from "../copy";
import { ProductArt } from "../images/product-art";
import { QuantityStepper } from "./quantity-stepper";
import { RemoveIcon } from "./shop-icons";

/** One cart line: picture, name, description, minus/plus, line total and remove. */
export function CartLineRow({
  item,
  onDecrease,
  onIncrease,
  onRemove,
  disabled,
}: {
  item: PricedLine;
  onDecrease: () => void;
  onIncrease: () => void;
  onRemove: () => void;
  disabled?: boolean;
}) {
  const { product, line, totalCents } = item;
  return (
    <li className="cart-line">
      <Link className="cart-line__art" to={paths.product(product.id)} tabIndex={-1} aria-hidden="true">
        <ProductArt imageKey={product.images[0] ?? ""} productName={product.name} />
      </Link>
      <div className="cart-line__body">
        <h3 className="cart-line__name">
          <Link to={paths.product(product.id)}>{product.name}</Link>
        </h3>
        <p className="cart-line__description">{product.description}</p>
        <p className="cart-line__unit">
          {shopCopy.each(formatCents(product.priceCents))} · {product.dimensions}
        </p>
        <div className="cart-line__controls">
          <QuantityStepper
            name={product.name}
            quantity={line.quantity}
            onDecrease={onDecrease}
            onIncrease={onIncrease}
            disabled={disabled}
          />
          <p className="cart-line__total" data-testid="line-total">
            {formatCents(totalCents)}
          </p>
          <button
            type="button"
            className="cart-line__remove"
            aria-label={shopCopy.remove(product.name)}
            onClick={onRemove}
            disabled={disabled}
          >
            <RemoveIcon size={18} />
            <span className="cart-line__remove-label">{shopCopy.removeLabel}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
