/**
 * The shop cart: a list of {id, quantity} kept in browser storage under `cart`. Pure functions here;
 * `use-cart.ts` keeps them in storage. A quantity is a whole number from 1 to 99 (the server's limit per line).
 * See docs/decisions/0008-shop-catalogue-and-cart.md.
 */
import { MAX_CART_QUANTITY, MIN_CART_QUANTITY } from "@mx/shared/constants";
import { findProduct, type ShopProduct } from "@mx/shared/shop";

export type CartLine = { id: number; quantity: number };
export type PricedLine = { line: CartLine; product: ShopProduct; totalCents: number };

const clampQuantity = (quantity: number) =>
  Math.min(MAX_CART_QUANTITY, Math.max(MIN_CART_QUANTITY, Math.trunc(quantity)));

/**
 * The stored cart, read defensively: storage is shared with whatever ran before, so anything that is not a list of
 * {id, quantity} with whole numbers is skipped, quantities are brought within 1–99, and repeated ids are merged.
 */
export function parseCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const cart: CartLine[] = [];
  for (const entry of value) {
    if (typeof entry !== "object" || entry === null) continue;
    const { id, quantity } = entry as { id?: unknown; quantity?: unknown };
    const numericId = typeof id === "string" && /^\d+$/.test(id) ? Number(id) : id;
    if (typeof numericId !== "number" || !Number.isSafeInteger(numericId)) continue;
    if (typeof quantity !== "number" || !Number.isFinite(quantity)) continue;
    const existing = cart.find((line) => line.id === numericId);
    if (existing) existing.quantity = clampQuantity(existing.quantity + quantity);
    else cart.push({ id: numericId, quantity: clampQuantity(quantity) });
  }
  return cart;
}

export function serializeCart(cart: readonly CartLine[]): string {
  return JSON.stringify(cart.map(({ id, quantity }) => ({ id, quantity })));
}

/** Add to Cart: one more of a product already in the cart (up to 99), or a new line with quantity 1. */
export function addToCart(cart: readonly CartLine[], id: number): CartLine[] {
  if (!cart.some((line) => line.id === id)) return [...cart, { id, quantity: MIN_CART_QUANTITY }];
  return cart.map((line) =>
    line.id === id ? { ...line, quantity: clampQuantity(line.quantity + 1) } : line,
  );
}

/** Sets a line's quantity (within 1–99), adding the line when it is not in the cart. */
export function setLineQuantity(cart: readonly CartLine[], id: number, quantity: number): CartLine[] {
  if (!cart.some((line) => line.id === id)) return [...cart, { id, quantity: clampQuantity(quantity) }];
  return cart.map((line) => (line.id === id ? { ...line, quantity: clampQuantity(quantity) } : line));
}

export function incrementLine(cart: readonly CartLine[], id: number): CartLine[] {
  return cart.map((line) =>
    line.id === id ? { ...line, quantity: clampQuantity(line.quantity + 1) } : line,
  );
}

/** Quantity minus: never below 1; removing a line is the remove button's job. */
export function decrementLine(cart: readonly CartLine[], id: number): CartLine[] {
  return cart.map((line) =>
    line.id === id ? { ...line, quantity: clampQuantity(line.quantity - 1) } : line,
  );
}

export function removeLine(cart: readonly CartLine[], id: number): CartLine[] {
  return cart.filter((line) => line.id !== id);
}

export function quantityOf(cart: readonly CartLine[], id: number): number {
  return cart.find((line) => line.id === id)?.quantity ?? 0;
}

/** The cart icon's badge: the total quantity. */
export function cartCount(cart: readonly CartLine[]): number {
  return cart.reduce((sum, line) => sum + line.quantity, 0);
}

/** The lines whose product is in the catalogue, priced; unknown ids are dropped. */
export function pricedLines(cart: readonly CartLine[]): PricedLine[] {
  const priced: PricedLine[] = [];
  for (const line of cart) {
    const product = findProduct(line.id);
    if (product) priced.push({ line, product, totalCents: product.priceCents * line.quantity });
  }
  return priced;
}

export function subtotalCents(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.totalCents, 0);
}

/**
 * `/checkout?buyNow={productId}&quantity={n}`, the Buy Now link: the product and quantity to check out on their own.
 * The quantity defaults to 1 and is brought within 1–99; null without a buyNow parameter.
 */
export function readBuyNow(params: URLSearchParams): CartLine | null {
  const raw = params.get("buyNow");
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  const quantityParam = params.get("quantity");
  const quantity = quantityParam !== null && /^\d+$/.test(quantityParam.trim()) ? Number(quantityParam) : 1;
  return { id: Number(raw.trim()), quantity: clampQuantity(quantity) };
}

/** The Buy Now link for a product and quantity. */
export function buyNowSearch(line: CartLine): string {
  return `?${new URLSearchParams({ buyNow: String(line.id), quantity: String(line.quantity) })}`;
}
