import { describe, expect, it } from "vitest";
import { cardBrandOf, cardNumberLengths, passesLuhn } from "./cards";

describe("card brand detection", () => {
  it.each([
    ["4242424242424242", "visa"],
    ["5555555555554444", "mastercard"],
    ["2223003122003222", "mastercard"],
    ["378282246310005", "amex"],
    ["6011111111111117", "discover"],
    ["6221260000000000", "discover"],
    ["6229250000000000", "discover"],
    // The three prefixes the server and the web app used to disagree on.
    ["6220000000000000", "unionpay"],
    ["3095000000000000", "diners"],
    ["3500000000000000", "other"],
    ["3566002020360505", "jcb"],
    ["36227206271667", "diners"],
    ["6200000000000005", "unionpay"],
    ["9999", "other"],
  ])("reads %s as %s", (digits, brand) => {
    expect(cardBrandOf(digits)).toBe(brand);
  });

  it("knows each scheme's lengths", () => {
    expect(cardNumberLengths("amex")).toEqual([15]);
    expect(cardNumberLengths("visa")).toEqual([16]);
    expect(cardNumberLengths("other")).toContain(19);
  });
});

describe("the Luhn check", () => {
  it("accepts the test cards and refuses a changed digit or non-digits", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("378282246310005")).toBe(true);
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(passesLuhn("4242 4242 4242 4242")).toBe(false);
    expect(passesLuhn("")).toBe(false);
  });
});
