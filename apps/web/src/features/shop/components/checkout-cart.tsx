import { texts } from "@mx/shared/messages";
import { paths } from "@mx/shared/routes";
import { Link } from "react-router";
import { type CartLine, decrementLine, incrementLine, type PricedLine, removeLine } from "../cart";
import { shopCopy } from "../copy";
import { CartLineRow } from "./cart-line-row";

interface CheckoutCartProps {
  lines: readonly PricedLine[];
  /** A payment is under way: the lines cannot change. */
  disabled: boolean;
  onChange: (id: number, apply: (lines: CartLine[]) => CartLine[]) => void;
}

/** The checkout's left side, 'Your Cart': each line with its quantity and Remove, or the way back to the shop. */
export function CheckoutCart({ lines, disabled, onChange }: CheckoutCartProps) {
  return (
    <section className="checkout__cart" aria-labelledby="cart-title">
      <h1 id="cart-title" className="checkout__heading">
        {shopCopy.yourCart}
      </h1>
      {lines.length === 0 ? (
        <div className="checkout__empty">
          <p>{texts.emptyCart}</p>
          <Link className="btn btn--secondary" to={paths.shop}>
            {shopCopy.continueShopping}
          </Link>
        </div>
      ) : (
        <ul className="cart-lines">
          {lines.map((item) => (
            <CartLineRow
              key={item.product.id}
              item={item}
              disabled={disabled}
              onDecrease={() => onChange(item.product.id, (c) => decrementLine(c, item.product.id))}
              onIncrease={() => onChange(item.product.id, (c) => incrementLine(c, item.product.id))}
              onRemove={() => onChange(item.product.id, (c) => removeLine(c, item.product.id))}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
