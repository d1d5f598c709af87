import { describe, expect, it } from "vitest";
import { orderTotals, readOrder } from "./order";

const property = {
  _id: "p1",
  buildingId: "way/123",
  name: "  Flatiron Building ",
  address: "175 5th Avenue",
  location: { lat: 40.7411, lng: -73.9897 },
};

describe("readOrder", () => {
  it("reads the building and offer Property Details sends", () => {
    expect(readOrder({ property, price: 1200 })).toEqual({
      buildingId: "way/123",
      name: "Flatiron Building",
      address: "175 5th Avenue",
      location: { lat: 40.7411, lng: -73.9897 },
      price: 1200,
    });
  });

  it("has no order without state, as after opening the page by its address", () => {
    expect(readOrder(null)).toBeNull();
    expect(readOrder(undefined)).toBeNull();
    expect(readOrder({ price: 10 })).toBeNull();
  });

  it("has no order when the building name is missing or blank", () => {
    expect(readOrder({ property: { ...property, name: undefined }, price: 10 })).toBeNull();
    expect(readOrder({ property: { ...property, name: "   " }, price: 10 })).toBeNull();
  });

  it("has no order without a building id or a positive offer in whole cents", () => {
    expect(readOrder({ property: { ...property, buildingId: "" }, price: 10 })).toBeNull();
    expect(readOrder({ property })).toBeNull();
    expect(readOrder({ property, price: 0 })).toBeNull();
    expect(readOrder({ property, price: -5 })).toBeNull();
    expect(readOrder({ property, price: Number.NaN })).toBeNull();
    expect(readOrder({ property, price: "10" })).toBeNull();
    expect(readOrder({ property, price: 10.001 })).toBeNull();
  });

  it("falls back to 0 for missing coordinates and null for a missing address", () => {
    const order = readOrder({ property: { ...property, location: undefined, address: null }, price: 5 });
    expect(order?.location).toEqual({ lat: 0, lng: 0 });
    expect(order?.address).toBeNull();
  });
});

describe("orderTotals", () => {
  it("adds the $6.00 processing fee and $2.99 sales tax to the offer", () => {
    expect(orderTotals(1200)).toEqual({
      priceCents: 120_000,
      salesTaxCents: 299,
      processingFeeCents: 600,
      totalCents: 120_899,
    });
  });

  it("adds in whole cents, so a price like 0.1 + 0.2 does not drift", () => {
    expect(orderTotals(0.1 + 0.2).totalCents).toBe(30 + 899);
    expect(orderTotals(19.99).totalCents).toBe(2898);
  });
});
