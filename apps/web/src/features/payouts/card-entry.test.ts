import { describe, expect, it } from "vitest";
import { formatCardNumber, parseExpiry } from "../../lib/card-input";
import { cardProblem, formatExpiry } from "./card-entry";
import { payoutsCopy } from "./copy";

const now = new Date(2026, 4, 15);

describe("the payout card form", () => {
  it("groups the number as printed on the card", () => {
    expect(formatCardNumber("4000056655665556")).toBe("4000 0566 5566 5556");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
    expect(formatCardNumber("40000")).toBe("4000 0");
  });

  it("writes the expiry as MM / YY", () => {
    expect(formatExpiry("4")).toBe("04 / ");
    expect(formatExpiry("1")).toBe("1");
    expect(formatExpiry("0431")).toBe("04 / 31");
    expect(parseExpiry("04 / 31")).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry("04 / 3")).toBeNull();
  });

  it("names the first problem in Stripe's words", () => {
    const ok = { number: "4000 0566 5566 5556", expiry: "04 / 31", cvc: "123" };
    expect(cardProblem(ok, now)).toBeNull();
    expect(cardProblem({ ...ok, number: "4000 0566" }, now)).toEqual({
      field: "number",
      message: payoutsCopy.numberIncomplete,
    });
    expect(cardProblem({ ...ok, number: "4000 0566 5566 5557" }, now)?.message).toBe(
      payoutsCopy.numberInvalid,
    );
    expect(cardProblem({ ...ok, expiry: "13 / 31" }, now)?.message).toBe(payoutsCopy.expiryMonthInvalid);
    expect(cardProblem({ ...ok, expiry: "04 / 26" }, now)?.message).toBe(payoutsCopy.expiryPast);
    expect(cardProblem({ ...ok, expiry: "05 / 26" }, now)).toBeNull();
    expect(cardProblem({ ...ok, cvc: "12" }, now)?.field).toBe("cvc");
  });
});
