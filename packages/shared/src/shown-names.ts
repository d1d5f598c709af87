import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from "obscenity";
import { BRAND_NAME, LIMITS } from "./constants";

/**
 * The rules for names every player sees: a building's name (its owner's rename), a username and a full name. One
 * place, used by the request schemas of sign-up, profile update and rename (so the web app shows the same refusal
 * early) and by anything else that must judge a stored or proposed name.
 */
export type ShownNameKind = "buildingName" | "userName" | "fullName";

export type ShownNameCheck =
  /** The name as it is stored and shown: NFKC-normalised and trimmed. */
  | { ok: true; name: string }
  /** Why the name cannot be shown, as the end of a sentence: "must not contain a web address". */
  | { ok: false; reason: string };

const MAX_LENGTH: Record<ShownNameKind, number> = {
  buildingName: LIMITS.buildingNameMax,
  userName: LIMITS.userNameMax,
  fullName: LIMITS.fullNameMax,
};

/** Characters that change the direction text is drawn in: a name could appear to say something else. */
const DIRECTION_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/** Characters that draw nothing: two names could look the same, or a word could hide from the checks below. */
const INVISIBLE = /[\u00AD\u115F\u1160\u180E\u200B-\u200D\u2060-\u2064\u3164\uFEFF\uFFA0]/;
/** Line breaks, tabs and other control characters: a name is one line of text. */
const CONTROL = /\p{Cc}/u;

/** Top-level domains often seen in links a name might advertise. */
const DOMAINS =
  "com|net|org|io|co|info|biz|me|app|dev|xyz|ru|cn|uk|de|fr|tk|gg|tv|ly|link|site|online|shop|store|club|top|live|us|ca|au|in|nl|ws|cc|to|su|pw|icu|vip|win|bet|casino|money|cash|gift|click|fun|pro|ai|so|sh|gl|bit|page|web|blog|mobi|asia|eu|nyc";
const URL = new RegExp(
  `[a-z][a-z0-9+.-]*://|\\bwww\\.|\\b[a-z0-9-]+(?:\\.[a-z0-9-]+)*\\.(?:${DOMAINS})\\b|\\bxn--`,
  "i",
);
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;

/** Profanity in English, with its look-alike spellings ("sh1t", "ｆｕｃｋ", "fμck"), as the library keeps them. */
const profanity = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

/** Words only the operator's own accounts may go by. */
const RESERVED = new Set(["admin", "administrator", "support", "moderator", "staff", "official"]);
const BRAND = BRAND_NAME.toLowerCase().replace(/[^a-z]/g, "");
/** Digits and symbols that stand in for letters, and letters of other scripts that look like Latin ones. */
const LOOK_ALIKES: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "@": "a",
  $: "s",
  "!": "i",
  "|": "l",
  а: "a",
  е: "e",
  о: "o",
  р: "p",
  с: "c",
  х: "x",
  і: "i",
  ѕ: "s",
  ԁ: "d",
  т: "t",
  м: "m",
  ο: "o",
  α: "a",
  ρ: "p",
  τ: "t",
  ι: "i",
  ν: "v",
};

/** Whether a username or full name poses as the operator: "Admin", "S u p p o r t", "Manhattan_Exchange", "4dm1n". */
function posesAsOperator(name: string): boolean {
  // "SupportTeam" is two words; so is "Admin2".
  const spaced = name.replace(/([a-z])([A-Z])/g, "$1 $2");
  const plain = [...spaced.toLowerCase()].map((c) => LOOK_ALIKES[c] ?? c).join("");
  const words = plain.split(/[^a-z]+/).filter(Boolean);
  const squashed = words.join("");
  if (squashed.includes(BRAND)) return true;
  if (words.some((w) => RESERVED.has(w) || RESERVED.has(w.replace(/s$/, "")))) return true;
  if (RESERVED.has(squashed) || RESERVED.has(squashed.replace(/s$/, ""))) return true;
  // "adminjohn", "johnadmin": the word most often worn.
  return squashed.startsWith("admin") || squashed.endsWith("admin");
}

/**
 * Whether a name may be shown to every player, and as what: the text NFKC-normalised and trimmed, then refused
 * for direction controls, invisible or control characters, more characters than the field allows, a web or e-mail
 * address, profanity (with look-alike spellings), or, for a username or full name, posing as the operator. HTML is
 * text like any other: it is shown as typed, never read as markup.
 */
export function checkShownName(kind: ShownNameKind, text: string): ShownNameCheck {
  if (DIRECTION_CONTROLS.test(text)) {
    return { ok: false, reason: "must not contain text-direction controls (such as U+202E)" };
  }
  if (INVISIBLE.test(text)) {
    return { ok: false, reason: "must not contain invisible characters (such as zero-width spaces)" };
  }
  if (CONTROL.test(text)) return { ok: false, reason: "must not contain line breaks or control characters" };
  const name = text.normalize("NFKC").trim();
  if (name.length === 0) return { ok: false, reason: "is required" };
  const max = MAX_LENGTH[kind];
  if (name.length > max) return { ok: false, reason: `must be at most ${max} characters` };
  if (EMAIL.test(name)) return { ok: false, reason: "must not contain an e-mail address" };
  if (URL.test(name)) return { ok: false, reason: "must not contain a web address" };
  if (profanity.hasMatch(name)) return { ok: false, reason: "must not contain offensive language" };
  if (kind !== "buildingName" && posesAsOperator(name)) {
    return {
      ok: false,
      reason: `must not look like an official ${BRAND_NAME} account (admin, support, moderator, staff, official)`,
    };
  }
  return { ok: true, name };
}
