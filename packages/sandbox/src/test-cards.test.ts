import { describe, expect, it } from "vitest";
import { testCard, testTokenCard } from "./test-cards";

describe("Stripe's test tokens", () => {
  it("stand for the sandbox's test cards: brand, last four digits and funding from the card's number", () => {
    expect(testTokenCard("tok_visa")).toEqual({ brand: "visa", last4: "4242", funding: "credit" });
    expect(testTokenCard("tok_visa_debit")).toEqual({ brand: "visa", last4: "5556", funding: "debit" });
    expect(testTokenCard("tok_mastercard_debit")).toEqual({
      brand: "mastercard",
      last4: "8210",
      funding: "debit",
    });
    expect(testTokenCard("tok_discover_debit")).toEqual({
      brand: "discover",
      last4: "1113",
      funding: "debit",
    });
    expect(testTokenCard("tok_amex")).toEqual({ brand: "amex", last4: "8431", funding: "credit" });
  });

  it("name a co-branded card's own brand, and its funding as unknown where the sandbox has no such test card", () => {
    expect(testTokenCard("tok_cartes_bancaires")).toEqual({
      brand: "cartes_bancaires",
      last4: "1001",
      funding: "unknown",
    });
    expect(testCard("4000002500001001").isTestCard).toBe(false);
  });

  it("know no other token, whatever its name", () => {
    for (const token of ["tok_made_up", "", "constructor", "__proto__", "toString"])
      expect(testTokenCard(token)).toBeNull();
  });
});
