import { describe, expect, it } from "vitest";
import { luhnValid, testCard, testTokenCard } from "./test-cards";
import { chargeRefusal } from "./tokens";

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

describe("the cards whose charges come back", () => {
  it("are disputed (Stripe's 0259 and 2685) or warned of (the sandbox's own 8005), charged first", () => {
    expect(testCard("4000000000000259")).toMatchObject({ behaviour: "dispute_fraudulent", isTestCard: true });
    expect(testCard("4000000000002685")).toMatchObject({
      behaviour: "dispute_product_not_received",
      isTestCard: true,
    });
    expect(testCard("4000000000008005")).toMatchObject({
      behaviour: "early_fraud_warning",
      isTestCard: true,
    });
    expect(luhnValid("4000000000008005")).toBe(true);
    for (const behaviour of [
      "dispute_fraudulent",
      "dispute_product_not_received",
      "early_fraud_warning",
    ] as const)
      expect(chargeRefusal(behaviour)).toBeNull();
  });
});
