import { findProduct } from "@mx/shared/shop";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { type CartLine, pricedLines, readBuyNow, setLineQuantity, subtotalCents } from "./cart";
import { useCart } from "./use-cart";

/**
 * The lines the checkout shows: the whole stored cart, with `?buyNow={id}&quantity={n}`'s product put in it at that
 * quantity (nothing the cart badge counts is hidden), unknown ids dropped, and a way to change one line.
 */
export function useCheckoutLines() {
  const [params, setParams] = useSearchParams();
  const buyNow = readBuyNow(params);
  const { cart, update } = useCart();

  const buyNowId = buyNow?.id;
  const buyNowQuantity = buyNow?.quantity;
  // The Buy Now line goes into the stored cart at the link's quantity.
  useEffect(() => {
    if (buyNowId === undefined || buyNowQuantity === undefined || !findProduct(buyNowId)) return;
    update((current) => setLineQuantity(current, buyNowId, buyNowQuantity));
  }, [buyNowId, buyNowQuantity, update]);

  // Unknown ids are dropped, from storage too.
  useEffect(() => {
    if (cart.some((line) => !findProduct(line.id))) {
      update((current) => current.filter((line) => findProduct(line.id)));
    }
  }, [cart, update]);

  // The whole cart, with the Buy Now line at the link's quantity: nothing the cart badge counts is hidden.
  const shown = buyNow && findProduct(buyNow.id) ? setLineQuantity(cart, buyNow.id, buyNow.quantity) : cart;
  const lines = pricedLines(shown);

  /** A change to one line: saved to the stored cart; on a Buy Now page the link follows the new quantity. */
  const change = (id: number, apply: (lines: CartLine[]) => CartLine[]) => {
    update(apply);
    if (!buyNow || id !== buyNow.id) return;
    const line = apply(shown).find((l) => l.id === id);
    const next = line ? { buyNow: String(id), quantity: String(line.quantity) } : undefined;
    setParams(new URLSearchParams(next), { replace: true });
  };

  return {
    lines,
    subtotal: subtotalCents(lines),
    isEmpty: lines.length === 0,
    lineItems: lines.map(({ product, line }) => ({ price: product.priceId, quantity: line.quantity })),
    change,
  };
}
