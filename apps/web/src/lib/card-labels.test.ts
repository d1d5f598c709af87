import { describe, expect, it } from "vitest";
import { brandFromStripe } from "./card-labels";

describe("brandFromStripe", () => {
  it("maps Stripe.js brand names to the stored scheme", () => {
    expect(brandFromStripe("Visa")).toBe("visa");
    expect(brandFromStripe("MasterCard")).toBe("mastercard");
    expect(brandFromStripe("American Express")).toBe("amex");
    expect(brandFromStripe("Diners Club")).toBe("diners");
    expect(brandFromStripe("Unknown")).toBe("other");
    expect(brandFromStripe(undefined)).toBe("other");
  });
});
