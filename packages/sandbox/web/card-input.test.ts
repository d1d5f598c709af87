import { cardMessages } from "@mx/shared/card-messages";
import { describe, expect, it } from "vitest";
import {
  caretAfterDigits,
  checkCvc,
  checkExpiry,
  checkNumber,
  detectBrand,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
  passesLuhn,
} from "./card-input";

describe("detectBrand", () => {
  it.each([
    ["4242", "visa"],
    ["5555", "mastercard"],
    ["2223", "mastercard"],
    ["2720", "mastercard"],
    ["3782", "amex"],
    ["3400", "amex"],
    ["6011", "discover"],
    ["6500", "discover"],
    ["3056", "diners"],
    ["3566", "jcb"],
    ["6200", "unionpay"],
    ["9999", "other"],
    ["", "other"],
  ])("%s is %s", (digits, brand) => {
    expect(detectBrand(digits)).toBe(brand);
  });
});

describe("passesLuhn", () => {
  it("accepts Stripe's test numbers and refuses a changed last digit", () => {
    for (const number of ["4242424242424242", "5555555555554444", "378282246310005", "6011111111111117"]) {
      expect(passesLuhn(number)).toBe(true);
    }
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(passesLuhn("")).toBe(false);
  });
});

describe("formatCardNumber", () => {
  it("groups by 4, American Express by 4-6-5", () => {
    expect(formatCardNumber("42424242")).toBe("4242 4242");
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("424242424")).toBe("4242 4242 4");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
  });

  it("finds the caret after a given digit", () => {
    expect(caretAfterDigits("4242 4242", 4)).toBe(4);
    expect(caretAfterDigits("4242 4242", 5)).toBe(6);
    expect(caretAfterDigits("4242 4242", 0)).toBe(0);
  });
});

describe("checkNumber", () => {
  it("reports an unfinished number as incomplete and a wrong one as invalid", () => {
    expect(checkNumber("")).toEqual({ kind: "incomplete", message: cardMessages.numberIncomplete });
    expect(checkNumber("424242")).toEqual({ kind: "incomplete", message: cardMessages.numberIncomplete });
    expect(checkNumber("4242424242424241")).toEqual({ kind: "invalid", message: cardMessages.numberInvalid });
    expect(checkNumber("4242424242424242")).toBeNull();
    expect(checkNumber("378282246310005")).toBeNull();
  });
});

describe("expiry", () => {
  const now = new Date(2026, 4, 15); // May 2026

  it("formats as MM / YY while typing and from autofill", () => {
    expect(formatExpiry("4")).toBe("04 / ");
    expect(formatExpiry("1")).toBe("1");
    expect(formatExpiry("12")).toBe("12 / ");
    expect(formatExpiry("1231")).toBe("12 / 31");
    expect(formatExpiry("04/2031")).toBe("04 / 31");
    expect(formatExpiry("4/31")).toBe("04 / 31");
    expect(formatExpiry("04 / 311")).toBe("04 / 31");
  });

  it("checks the month, the past and the far future", () => {
    expect(checkExpiry("04 / 31", now)).toBeNull();
    expect(checkExpiry("05 / 26", now)).toBeNull();
    expect(checkExpiry("04 / 26", now)?.message).toBe(cardMessages.expiryPast);
    expect(checkExpiry("12 / 25", now)?.message).toBe(cardMessages.expiryYearPast);
    expect(checkExpiry("13 / ", now)).toEqual({ kind: "invalid", message: cardMessages.expiryMonthInvalid });
    expect(checkExpiry("00 / 30", now)?.kind).toBe("invalid");
    expect(checkExpiry("04 / 3", now)).toEqual({
      kind: "incomplete",
      message: cardMessages.expiryIncomplete,
    });
    expect(checkExpiry("04 / 99", now)?.message).toBe(cardMessages.expiryYearInvalid);
    expect(parseExpiry("04 / 31")).toEqual({ month: 4, year: 2031 });
  });
});

describe("checkCvc", () => {
  it("wants 3 digits, or 4 for American Express", () => {
    expect(checkCvc("123", "visa")).toBeNull();
    expect(checkCvc("12", "visa")?.kind).toBe("incomplete");
    expect(checkCvc("123", "amex")?.kind).toBe("incomplete");
    expect(checkCvc("1234", "amex")).toBeNull();
  });
});
