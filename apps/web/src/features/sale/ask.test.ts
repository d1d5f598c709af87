import { describe, expect, it } from "vitest";
import { askTotals, coversFee, readAsk } from "./ask";

const property = {
  _id: "p1",
  buildingId: "way/123",
  name: "  Flatiron Building ",
  forSale: false,
  location: { lat: 40.7411, lng: -73.9897 },
};

describe("readAsk", () => {
  it("reads the building and ask Property Details sends", () => {
    expect(readAsk({ property, price: 1500 })).toEqual({
      propertyId: "p1",
      buildingId: "way/123",
      name: "Flatiron Building",
      location: { lat: 40.7411, lng: -73.9897 },
      forSale: false,
      price: 1500,
    });
  });

  it("has no ask without state or without a building name", () => {
    expect(readAsk(null)).toBeNull();
    expect(readAsk(undefined)).toBeNull();
    expect(readAsk({ price: 10 })).toBeNull();
    expect(readAsk({ property: { ...property, name: "  " }, price: 10 })).toBeNull();
    expect(readAsk({ property: { ...property, name: undefined }, price: 10 })).toBeNull();
  });

  it("keeps the screen but drops a price that is not a positive whole number of cents", () => {
    for (const price of [0, -5, Number.NaN, "10", 10.001, undefined]) {
      expect(readAsk({ property, price })?.price).toBeNull();
    }
  });

  it("reads a missing _id as '' and forSale as a strict boolean", () => {
    const ask = readAsk({ property: { ...property, _id: undefined, forSale: "yes" }, price: 10 });
    expect(ask?.propertyId).toBe("");
    expect(ask?.forSale).toBe(false);
  });
});

describe("askTotals", () => {
  it("takes the $5.00 processing fee out of the price", () => {
    expect(askTotals(1500)).toEqual({ priceCents: 150_000, processingFeeCents: 500, receiveCents: 149_500 });
  });

  it("subtracts in whole cents", () => {
    expect(askTotals(0.1 + 0.2 + 5).receiveCents).toBe(30);
    expect(askTotals(19.99).receiveCents).toBe(1499);
  });

  it("needs a price above the fee", () => {
    expect(coversFee(5)).toBe(false);
    expect(coversFee(5.01)).toBe(true);
  });
});
