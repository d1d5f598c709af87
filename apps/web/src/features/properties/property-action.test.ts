import { describe, expect, it } from "vitest";
import { chooseAction, parsePrice } from "./property-action";

describe("chooseAction", () => {
  const viewer = "viewer-id";

  it("offers 'Create a bid' on a building someone else has for sale", () => {
    expect(chooseAction({ forSale: true, ownerId: "other" }, viewer)).toBe("createBid");
  });

  it("offers 'Sell or Ask' to the owner, listed or not", () => {
    expect(chooseAction({ forSale: false, ownerId: viewer }, viewer)).toBe("sellOrAsk");
    expect(chooseAction({ forSale: true, ownerId: viewer }, viewer)).toBe("sellOrAsk");
  });

  it("offers nothing on a building someone else owns and keeps", () => {
    expect(chooseAction({ forSale: false, ownerId: "other" }, viewer)).toBeNull();
  });

  it("offers 'Buy or Bid' on an unowned building", () => {
    expect(chooseAction({ forSale: false, ownerId: null }, viewer)).toBe("buyOrBid");
    expect(chooseAction({ forSale: false, ownerId: null }, null)).toBe("buyOrBid");
  });
});

describe("parsePrice", () => {
  it("accepts dollars above 0 with up to two decimals", () => {
    expect(parsePrice("12")).toBe(12);
    expect(parsePrice(" 12.5 ")).toBe(12.5);
    expect(parsePrice("0.01")).toBe(0.01);
    expect(parsePrice(".5")).toBe(0.5);
  });

  it("refuses 0, negatives, blanks, words and fractions of a cent", () => {
    for (const raw of ["0", "0.00", "-5", "", "  ", "abc", "1e3", "12.345", "Infinity", "1,000"]) {
      expect(parsePrice(raw), raw).toBeNull();
    }
  });
});
