/**
 * The merch shop's catalogue: five products, fixed here. The server prices every checkout from this list
 * (never from what a browser sends), `GET /api/v1/shop/products` serves it, and the web app draws its pages from it.
 * See docs/decisions/0008-shop-catalogue-and-cart.md.
 */

export type ShopProduct = {
  id: number;
  name: string;
  /** Integer cents; `priceDollars()` gives the API's `price`, a number of US dollars. */
  priceCents: number;
  /** The reference a checkout line names (`line_items[].price`); the server maps it back to this product. */
  priceId: string;
  description: string;
  dimensions: string;
  /** Keys of the product's pictures, first one on cards; the web app draws each one (SVG). */
  images: readonly string[];
  /** A short feature label shown on the product's card and page. */
  badge: string;
};

export const SHOP_PRODUCTS: readonly ShopProduct[] = [
  {
    id: 1,
    name: "Snapback Cap",
    priceCents: 10_000,
    priceId: "price_mx_snapback_cap",
    description:
      "Structured six-panel snapback with the Manhattan skyline embroidered in gold across the front and the Exchange mark on the back. Flat brim, adjustable snap strap.",
    dimensions: "one size",
    images: ["cap-front", "cap-side", "cap-back"],
    badge: "Embroidered",
  },
  {
    id: 2,
    name: "Skyline Sticker",
    priceCents: 799,
    priceId: "price_mx_skyline_sticker",
    description:
      "Tall die-cut vinyl sticker of the Midtown skyline at dusk, with the Empire State and Chrysler spires lit in gold. Weatherproof and scratch-resistant.",
    dimensions: "2.9 x 5 in",
    images: ["skyline-sticker", "skyline-sticker-laptop"],
    badge: "Best seller",
  },
  {
    id: 3,
    name: "Icon Sticker",
    priceCents: 500,
    priceId: "price_mx_icon_sticker",
    description:
      "The Exchange app icon as a glossy vinyl sticker: four gold-and-white towers on a midnight tile. Sized for laptops, bottles and phone cases.",
    dimensions: "3.4 x 3.5 in",
    images: ["icon-sticker"],
    badge: "Classic",
  },
  {
    id: 4,
    name: "Broker Sticker",
    priceCents: 799,
    priceId: "price_mx_broker_sticker",
    description:
      "A round badge for deal-makers: a broker's top hat over the skyline and a rising price line, ringed with “Manhattan Exchange · Licensed Broker”.",
    dimensions: "4.2 x 4.2 in",
    images: ["broker-sticker", "broker-sticker-detail"],
    badge: "New",
  },
  {
    id: 5,
    name: "Street Grid Sticker",
    priceCents: 500,
    priceId: "price_mx_street_grid_sticker",
    description:
      "A slim vinyl strip of the island's street grid from the Battery to Inwood, with Midtown picked out in gold.",
    dimensions: "2 x 4.5 in",
    images: ["street-grid-sticker"],
    badge: "Limited",
  },
];

/** The `price` the API serves: dollars as a number (100, 7.99). */
export function priceDollars(product: Pick<ShopProduct, "priceCents">): number {
  return product.priceCents / 100;
}

export function findProduct(id: number): ShopProduct | undefined {
  return SHOP_PRODUCTS.find((product) => product.id === id);
}

export function findProductByPriceId(priceId: string): ShopProduct | undefined {
  return SHOP_PRODUCTS.find((product) => product.priceId === priceId);
}
