import { describe, expect, it } from "vitest";
import { payoutsCopy } from "./copy";
import { instantAmountProblem, instantQuote, parseDollars } from "./payout-amount";
import { payoutCardExpiry, payoutCardLabel } from "./payout-card-label";

describe("parseDollars", () => {
  it.each([
    ["25", 2_500],
    ["25.5", 2_550],
    ["25.50", 2_550],
    ["$1,025.05", 102_505],
    [" 0.99 ", 99],
  ])("reads %j as %i cents", (input, cents) => {
    expect(parseDollars(input)).toBe(cents);
  });

  it.each(["", "abc", "1.234", "-5", "1e3", "12.3.4"])("refuses %j", (input) => {
    expect(parseDollars(input)).toBeNull();
  });
});

describe("an instant payout", () => {
  it("takes the fee out of the amount", () => {
    expect(instantQuote(2_000)).toEqual({ amountCents: 2_000, feeCents: 100, receiveCents: 1_900 });
  });

  it("must be more than the fee and at most the balance", () => {
    expect(instantAmountProblem(null, 5_000)).toBe(payoutsCopy.amountInvalid);
    expect(instantAmountProblem(100, 5_000)).toBe(payoutsCopy.amountTooSmall);
    expect(instantAmountProblem(5_001, 5_000)).toBe(payoutsCopy.amountTooLarge);
    expect(instantAmountProblem(101, 5_000)).toBeNull();
    expect(instantAmountProblem(5_000, 5_000)).toBeNull();
  });
});

describe("a payout card", () => {
  it("shows its expiry year as its last two digits, and the month padded", () => {
    expect(payoutCardExpiry({ expMonth: 4, expYear: 2031 })).toBe("Exp 04/31");
    expect(payoutCardExpiry({ expMonth: 12, expYear: 2105 })).toBe("Exp 12/05");
    expect(payoutCardLabel({ brand: "visa", last4: "5556" })).toBe("VISA •••• 5556");
  });
});
