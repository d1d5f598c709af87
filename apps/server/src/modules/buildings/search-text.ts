const SPELT_ORDINALS = [
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
  "eleventh",
  "twelfth",
];

/**
 * Spellings a street may be typed or written in, folded to one: street words spelt out ("St" → "street",
 * "W" → "west") and ordinals as bare numbers ("125th", "Fifth" → "125", "5"), so that "West 125th Street",
 * "W 125th St" and "125 st" all read "… 125 street".
 */
const foldings: [RegExp, string | ((match: string) => string)][] = [
  [/\b(\d+)(?:st|nd|rd|th)\b/g, "$1"],
  [
    new RegExp(`\\b(?:${SPELT_ORDINALS.join("|")})\\b`, "g"),
    (word) => String(SPELT_ORDINALS.indexOf(word) + 1),
  ],
  [/\b(?:ave?|avn)\b\.?/g, "avenue"],
  [/\b(?:st|str)\b\.?/g, "street"],
  [/\bblvd\b\.?/g, "boulevard"],
  [/\bpl\b\.?/g, "place"],
  [/\bdr\b\.?/g, "drive"],
  [/\brd\b\.?/g, "road"],
  [/\bsq\b\.?/g, "square"],
  [/\bpkwy\b\.?/g, "parkway"],
  [/\bw\b\.?/g, "west"],
  [/\be\b\.?/g, "east"],
];

/** A text folded for search; what the catalogue holds is folded the same way, and folding twice changes nothing. */
export function normaliseQuery(text: string): string {
  return foldings
    .reduce<string>(
      (s, [re, to]) => (typeof to === "string" ? s.replace(re, to) : s.replace(re, to)),
      text.toLowerCase().trim().replace(/\s+/g, " "),
    )
    .replace(/\s+/g, " ")
    .trim();
}
