import { describe, expect, it } from "vitest";
import { dollarsToCents, formatCents, formatDollars } from "./money";

describe("money", () => {
  it("formats dollars with two decimals and thousands separators", () => {
    expect(formatDollars(0)).toBe("$0.00");
    expect(formatDollars(1234.5)).toBe("$1,234.50");
    expect(formatCents(899)).toBe("$8.99");
  });

  it("turns dollars into whole cents, refusing fractions of a cent", () => {
    expect(dollarsToCents(10.01)).toBe(1001);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(1.005)).toBeNull();
    expect(dollarsToCents(Number.NaN)).toBeNull();
  });
});
