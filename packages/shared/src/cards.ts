/**
 * Card numbers, read the same way by the server (the sandbox's tokeniser) and the web app (the card forms): one
 * table of scheme prefixes and one Luhn check.
 */

/** Lower-case schemes, as the server stores them (PaymentCard.cardScheme). */
export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "diners" | "jcb" | "unionpay" | "other";

/**
 * First match wins. Discover's co-branded range (622126–622925) comes before UnionPay's 62; Diners takes 300–305,
 * 3095, 36, 38 and 39; JCB only 3528–3589.
 */
const BRAND_PREFIXES: ReadonlyArray<readonly [CardBrand, RegExp]> = [
  ["amex", /^3[47]/],
  ["diners", /^3(0[0-5]|095|[689])/],
  ["jcb", /^35(2[89]|[3-8])/],
  ["visa", /^4/],
  // 51–55 and the 2221–2720 range.
  ["mastercard", /^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/],
  ["discover", /^(6011|64[4-9]|65|622(12[6-9]|1[3-9]\d|[2-8]\d\d|9[01]\d|92[0-5]))/],
  ["unionpay", /^62/],
];

/** The scheme a number's first digits announce; "other" until they say. */
export function cardBrandOf(digits: string): CardBrand {
  for (const [brand, prefix] of BRAND_PREFIXES) {
    if (prefix.test(digits)) return brand;
  }
  return "other";
}

/** Digit counts a complete number of the scheme may have. */
export function cardNumberLengths(brand: CardBrand): number[] {
  switch (brand) {
    case "amex":
      return [15];
    case "diners":
      return [14, 16];
    case "unionpay":
      return [16, 17, 18, 19];
    case "other":
      return [12, 13, 14, 15, 16, 17, 18, 19];
    default:
      return [16];
  }
}

/** The Luhn (mod 10) checksum every card number carries; false for anything but digits. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
