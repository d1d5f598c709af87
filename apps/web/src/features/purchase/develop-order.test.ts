import { describe, expect, it } from "vitest";
import { readDevelopOrder } from "./develop-order";

const property = {
  _id: "prop-1",
  buildingId: "way/1",
  name: "Flatiron Building",
  price: 1200,
  location: { lat: 40.74, lng: -73.99 },
};
const option = {
  kind: "garden",
  level: 2,
  name: "Rooftop garden",
  description: "A green roof, 3 m deep, on top of the building.",
  price: 180,
  fee: 6,
  tax: 2.99,
  total: 188.99,
  durationSeconds: 21_600,
  available: true,
  reason: null,
};

describe("the development Property Details sends to review", () => {
  it("reads the building and the option, amounts in cents", () => {
    expect(readDevelopOrder({ property, option })).toMatchObject({
      propertyId: "prop-1",
      buildingName: "Flatiron Building",
      kind: "garden",
      name: "Rooftop garden",
      durationSeconds: 21_600,
      totals: { priceCents: 18_000, processingFeeCents: 600, salesTaxCents: 299, totalCents: 18_899 },
    });
  });

  it("has nothing to review without a state, a building id, a known kind, or a total that adds up", () => {
    expect(readDevelopOrder(null)).toBeNull();
    expect(readDevelopOrder({ property })).toBeNull();
    expect(readDevelopOrder({ property: { ...property, _id: "" }, option })).toBeNull();
    expect(readDevelopOrder({ property, option: { ...option, kind: "pool" } })).toBeNull();
    expect(readDevelopOrder({ property, option: { ...option, total: 190 } })).toBeNull();
    expect(readDevelopOrder({ property, option: { ...option, price: 1.005 } })).toBeNull();
  });
});
