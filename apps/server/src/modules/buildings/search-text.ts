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

/** Whole words folded to one spelling: street words spelt out, spelt ordinals as numbers. */
const WORDS = new Map<string, string>([
  ["ave", "avenue"],
  ["av", "avenue"],
  ["avn", "avenue"],
  ["st", "street"],
  ["str", "street"],
  ["blvd", "boulevard"],
  ["pl", "place"],
  ["dr", "drive"],
  ["rd", "road"],
  ["sq", "square"],
  ["pkwy", "parkway"],
  ["w", "west"],
  ["e", "east"],
  ["junior", "jr"],
  ...SPELT_ORDINALS.map((word, i): [string, string] => [word, String(i + 1)]),
]);
const WORD = new RegExp(`\\b(${[...WORDS.keys()].join("|")})\\b\\.?`, "g");
const ORDINAL = /\b(\d+)(?:st|nd|rd|th)\b/g;

/**
 * A text folded for search: lower case, single spaces, street words spelt out ("St" → "street", "W" → "west") and
 * ordinals as bare numbers ("125th", "Fifth" → "125", "5"), so that "West 125th Street", "W 125th St" and "125 st"
 * all read "… 125 street". What the catalogue holds is folded the same way, and folding twice changes nothing.
 */
export function normaliseQuery(text: string): string {
  return text
    .toLowerCase()
    .replace(/(?<=\w)['’.,](?=\w|\s|$)/g, "")
    .replace(ORDINAL, "$1")
    .replace(WORD, (_, word: string) => WORDS.get(word) ?? word)
    .replace(/\s+/g, " ")
    .trim();
}
