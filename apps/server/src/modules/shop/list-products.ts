import type { ShopProductData } from "@mx/shared/schemas/shop";
import { priceDollars, SHOP_PRODUCTS } from "@mx/shared/shop";

/** The catalogue as the API serves it: `price` in dollars (docs/decisions/0008-shop-catalogue-and-cart.md). */
export function listProducts(): ShopProductData[] {
  return SHOP_PRODUCTS.map(({ priceCents, images, ...product }) => ({
    ...product,
    price: priceDollars({ priceCents }),
    images: [...images],
  }));
}
