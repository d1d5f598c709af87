import { describe, expect, it } from "vitest";
import {
  addToCart,
  buyNowSearch,
  cartCount,
  decrementLine,
  incrementLine,
  parseCart,
  pricedLines,
  readBuyNow,
  removeLine,
  serializeCart,
  setLineQuantity,
  subtotalCents,
} from "./cart";

describe("Add to Cart", () => {
  it("adds a product that is not in the cart as a new line with quantity 1", () => {
    expect(addToCart([], 1)).toEqual([{ id: 1, quantity: 1 }]);
    expect(addToCart([{ id: 1, quantity: 2 }], 3)).toEqual([
      { id: 1, quantity: 2 },
      { id: 3, quantity: 1 },
    ]);
  });

  it("adds one more of a product already in the cart, keeping the line where it is", () => {
    const cart = [
      { id: 2, quantity: 1 },
      { id: 4, quantity: 5 },
    ];
    expect(addToCart(cart, 2)).toEqual([
      { id: 2, quantity: 2 },
      { id: 4, quantity: 5 },
    ]);
    expect(cart[0]?.quantity).toBe(1);
  });

  it("stops at 99 of one product, the most a checkout line may hold", () => {
    expect(addToCart([{ id: 1, quantity: 99 }], 1)).toEqual([{ id: 1, quantity: 99 }]);
  });
});

describe("quantity buttons and remove", () => {
  const cart = [
    { id: 1, quantity: 2 },
    { id: 5, quantity: 1 },
  ];

  it("minus lowers the quantity and never goes below 1", () => {
    expect(decrementLine(cart, 1)).toEqual([
      { id: 1, quantity: 1 },
      { id: 5, quantity: 1 },
    ]);
    expect(decrementLine(cart, 5)).toEqual(cart);
    expect(decrementLine(decrementLine(decrementLine(cart, 1), 1), 1)[0]).toEqual({ id: 1, quantity: 1 });
  });

  it("plus raises the quantity up to 99", () => {
    expect(incrementLine(cart, 5)[1]).toEqual({ id: 5, quantity: 2 });
    expect(incrementLine([{ id: 5, quantity: 99 }], 5)).toEqual([{ id: 5, quantity: 99 }]);
  });

  it("remove deletes the line and only that line", () => {
    expect(removeLine(cart, 1)).toEqual([{ id: 5, quantity: 1 }]);
    expect(removeLine(removeLine(cart, 1), 5)).toEqual([]);
    expect(removeLine(cart, 3)).toEqual(cart);
  });

  it("setting a quantity keeps it within 1–99 and adds a missing line", () => {
    expect(setLineQuantity(cart, 1, 7)[0]).toEqual({ id: 1, quantity: 7 });
    expect(setLineQuantity(cart, 1, 0)[0]).toEqual({ id: 1, quantity: 1 });
    expect(setLineQuantity(cart, 1, 250)[0]).toEqual({ id: 1, quantity: 99 });
    expect(setLineQuantity(cart, 3, 2)).toEqual([...cart, { id: 3, quantity: 2 }]);
  });
});

describe("the stored cart", () => {
  it("round-trips as a JSON list of {id, quantity}", () => {
    const cart = [
      { id: 1, quantity: 2 },
      { id: 4, quantity: 1 },
    ];
    expect(serializeCart(cart)).toBe('[{"id":1,"quantity":2},{"id":4,"quantity":1}]');
    expect(parseCart(serializeCart(cart))).toEqual(cart);
  });

  it("reads nothing from missing, broken or foreign storage", () => {
    expect(parseCart(null)).toEqual([]);
    expect(parseCart("")).toEqual([]);
    expect(parseCart("{not json")).toEqual([]);
    expect(parseCart('{"id":1}')).toEqual([]);
  });

  it("skips malformed lines, brings quantities within 1–99 and merges repeated ids", () => {
    expect(
      parseCart(
        JSON.stringify([
          { id: 1, quantity: 0 },
          { id: "2", quantity: 3 },
          { id: 3, quantity: 500 },
          { id: 1, quantity: 2 },
          { id: "x", quantity: 1 },
          { id: 4 },
          null,
          "5",
        ]),
      ),
    ).toEqual([
      { id: 1, quantity: 3 },
      { id: 2, quantity: 3 },
      { id: 3, quantity: 99 },
    ]);
  });
});

describe("counting and pricing", () => {
  it("the badge shows the total quantity", () => {
    expect(cartCount([])).toBe(0);
    expect(
      cartCount([
        { id: 1, quantity: 2 },
        { id: 2, quantity: 3 },
      ]),
    ).toBe(5);
  });

  it("prices known products from the catalogue and drops unknown ids", () => {
    const lines = pricedLines([
      { id: 1, quantity: 1 },
      { id: 42, quantity: 3 },
      { id: 2, quantity: 3 },
    ]);
    expect(lines.map((l) => [l.product.id, l.totalCents])).toEqual([
      [1, 10_000],
      [2, 2_397],
    ]);
    expect(subtotalCents(lines)).toBe(12_397);
    expect(subtotalCents([])).toBe(0);
  });
});

describe("the Buy Now link", () => {
  it("reads /checkout?buyNow={id}&quantity={n}, with quantity 1 by default", () => {
    expect(readBuyNow(new URLSearchParams("buyNow=3&quantity=4"))).toEqual({ id: 3, quantity: 4 });
    expect(readBuyNow(new URLSearchParams("buyNow=3"))).toEqual({ id: 3, quantity: 1 });
    expect(readBuyNow(new URLSearchParams("buyNow=3&quantity=abc"))).toEqual({ id: 3, quantity: 1 });
    expect(readBuyNow(new URLSearchParams("buyNow=3&quantity=0"))).toEqual({ id: 3, quantity: 1 });
    expect(readBuyNow(new URLSearchParams("buyNow=3&quantity=1000"))).toEqual({ id: 3, quantity: 99 });
  });

  it("is absent without a numeric buyNow", () => {
    expect(readBuyNow(new URLSearchParams(""))).toBeNull();
    expect(readBuyNow(new URLSearchParams("buyNow=cap"))).toBeNull();
  });

  it("writes the link shape back", () => {
    expect(buyNowSearch({ id: 2, quantity: 5 })).toBe("?buyNow=2&quantity=5");
  });
});
