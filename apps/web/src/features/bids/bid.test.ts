import { describe, expect, it } from "vitest";
import { bidTotals, checkBid, minimumBid, readBidDraft, sellerReceivesCents } from "./bid";

const property = {
  _id: "p1",
  buildingId: "way/123",
  name: "  Flatiron Building ",
  address: "175 5th Avenue",
  price: 1500,
  forSale: true,
  location: { lat: 40.7411, lng: -73.9897 },
};

describe("readBidDraft", () => {
  it("reads the building and bid Property Details sends", () => {
    expect(readBidDraft({ property, bidAmount: 1600.5 })).toEqual({
      propertyId: "p1",
      buildingId: "way/123",
      name: "Flatiron Building",
      address: "175 5th Avenue",
      location: { lat: 40.7411, lng: -73.9897 },
      price: 1500,
      bidAmount: 1600.5,
    });
  });

  it("has nothing to review without state or without a building name", () => {
    expect(readBidDraft(null)).toBeNull();
    expect(readBidDraft(undefined)).toBeNull();
    expect(readBidDraft({ bidAmount: 10 })).toBeNull();
    expect(readBidDraft({ property: { ...property, name: "  " }, bidAmount: 1600 })).toBeNull();
    expect(readBidDraft({ property: { ...property, name: undefined }, bidAmount: 1600 })).toBeNull();
  });

  it("has nothing to review without a building id or an asking price", () => {
    expect(readBidDraft({ property: { ...property, buildingId: "" }, bidAmount: 1600 })).toBeNull();
    expect(readBidDraft({ property: { ...property, price: undefined }, bidAmount: 1600 })).toBeNull();
    expect(readBidDraft({ property: { ...property, price: 0 }, bidAmount: 1600 })).toBeNull();
  });

  it("keeps the screen but drops a bid that is not a positive whole number of cents", () => {
    for (const bidAmount of [0, -5, Number.NaN, "1600", 1600.001, undefined]) {
      expect(readBidDraft({ property, bidAmount })?.bidAmount).toBeNull();
    }
  });

  it("reads a missing _id as '' and an address equal to the name as none", () => {
    const draft = readBidDraft({
      property: { ...property, _id: undefined, address: "Flatiron Building", location: undefined },
      bidAmount: 1600,
    });
    expect(draft?.propertyId).toBe("");
    expect(draft?.address).toBeNull();
    expect(draft?.location).toEqual({ lat: 0, lng: 0 });
  });
});

describe("minimumBid", () => {
  it("is one cent above the asking price", () => {
    expect(minimumBid(1500)).toBe(1500.01);
    expect(minimumBid(19.99)).toBe(20);
    expect(minimumBid(0.1 + 0.2)).toBe(0.31);
  });
});

describe("checkBid", () => {
  it("accepts a bid above the asking price", () => {
    expect(checkBid("1500.01", 1500)).toEqual({ amount: 1500.01, problem: null });
    expect(checkBid(" 2000 ", 1500)).toEqual({ amount: 2000, problem: null });
  });

  it("refuses a bid equal to or below the asking price with the spec's message", () => {
    const problem = "Your bid must be higher than the base price of $1,500.00";
    expect(checkBid("1500", 1500)).toEqual({ amount: null, problem });
    expect(checkBid("1500.00", 1500)).toEqual({ amount: null, problem });
    expect(checkBid("12", 1500)).toEqual({ amount: null, problem });
  });

  it("refuses what is not an amount in whole cents", () => {
    for (const raw of ["", "abc", "-5", "0", "1600.001", "1e5", "1,600"]) {
      expect(checkBid(raw, 1500)).toEqual({ amount: null, problem: "Please enter a valid price" });
    }
  });
});

describe("bidTotals", () => {
  it("holds the bid plus the $6.00 processing fee and $2.99 sales tax", () => {
    expect(bidTotals(1600)).toEqual({
      bidCents: 160_000,
      processingFeeCents: 600,
      salesTaxCents: 299,
      totalCents: 160_899,
    });
  });

  it("adds in whole cents", () => {
    expect(bidTotals(0.1 + 0.2).totalCents).toBe(30 + 899);
    expect(bidTotals(19.99).totalCents).toBe(2898);
  });
});

describe("sellerReceivesCents", () => {
  it("is the bid less the $5.00 processing fee", () => {
    expect(sellerReceivesCents(1600)).toBe(159_500);
    expect(sellerReceivesCents(20.01)).toBe(1501);
  });
});
