import { AppError } from "@mx/kit/errors";
import type { CheckoutLineItem } from "@mx/shared/schemas/shop";
import { findProductByPriceId } from "@mx/shared/shop";
import type { ShopLine } from "../../db/schema/shop";

/**
 * Prices the lines a browser asked for from our own catalogue: the price reference picks the product, the product
 * gives the name and unit price. Nothing the browser says about money is read.
 */
export function priceLines(items: readonly CheckoutLineItem[]): { lines: ShopLine[]; amountCents: number } {
  const lines = items.map((item, index) => {
    const product = findProductByPriceId(item.price);
    if (!product) throw new AppError("VALIDATION_FAILED", `line_items.${index}.price: unknown price`);
    return {
      productId: product.id,
      name: product.name,
      unitPriceCents: product.priceCents,
      quantity: item.quantity,
    };
  });
  const amountCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  return { lines, amountCents };
}
