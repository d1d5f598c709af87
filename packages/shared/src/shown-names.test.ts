import { describe, expect, it } from "vitest";
import { checkShownName, type ShownNameKind } from "./shown-names";

const KINDS: ShownNameKind[] = ["buildingName", "userName", "fullName"];
const reason = (kind: ShownNameKind, text: string) => {
  const check = checkShownName(kind, text);
  return check.ok ? null : check.reason;
};

describe("names every player sees", () => {
  it("normalises a name to NFKC and trims it", () => {
    expect(checkShownName("buildingName", "  Ｔｏｗｅｒ　Ⅳ ")).toEqual({ ok: true, name: "Tower IV" });
    expect(checkShownName("fullName", "Zoë O'Brien")).toEqual({ ok: true, name: "Zoë O'Brien" });
  });

  it("refuses direction controls, invisible and control characters in every field", () => {
    for (const kind of KINDS) {
      expect(reason(kind, "abc\u202Edef")).toMatch(/text-direction controls/);
      expect(reason(kind, "ab\u2066c")).toMatch(/text-direction controls/);
      expect(reason(kind, "ab\u200Bc")).toMatch(/invisible characters/);
      expect(reason(kind, "ab\uFEFFc")).toMatch(/invisible characters/);
      expect(reason(kind, "ab\nc")).toMatch(/control characters/);
    }
  });

  it("refuses web and e-mail addresses in every field", () => {
    for (const kind of KINDS) {
      for (const url of [
        "https://x.test",
        "visit www.example",
        "cheap-gold.com",
        "bit.ly/abc",
        "Go to EVIL.NET now",
      ]) {
        expect(reason(kind, url), url).toBe("must not contain a web address");
      }
      expect(reason(kind, "me@example.com")).toBe("must not contain an e-mail address");
    }
    // A dot between words is not an address.
    expect(reason("fullName", "J.R. Smith")).toBeNull();
    expect(reason("userName", "john.doe")).toBeNull();
  });

  it("refuses profanity and its look-alike spellings in every field", () => {
    for (const kind of KINDS) {
      for (const text of ["fuck", "Sh1t Tower", "ｆｕｃｋ", "fμck", "b1tch"]) {
        expect(reason(kind, text), text).toBe("must not contain offensive language");
      }
    }
    for (const text of [
      "Scunthorpe Hall",
      "Essex House",
      "Hancock Tower",
      "Classic Lofts",
      "Assembly Rooms",
    ]) {
      expect(reason("buildingName", text), text).toBeNull();
    }
  });

  it("refuses usernames and full names that pose as the operator, in any case or spacing", () => {
    const posing = [
      "admin",
      "Admin",
      "ADMINISTRATOR",
      "a d m i n",
      "4dm1n",
      "\u0430dmin",
      "adminjohn",
      "Support",
      "SupportTeam",
      "s_u_p_p_o_r_t",
      "Moderator",
      "staff",
      "Official",
      "Manhattan Exchange",
      "manhattan_exchange",
      "MANHATTAN-EXCHANGE",
      "ManhattanExchange",
      "Manhattan Exchange Help",
    ];
    for (const text of posing) {
      expect(reason("fullName", text), text).toMatch(
        /must not look like an official Manhattan Exchange account/,
      );
    }
    for (const text of ["badminton", "Staffan Berg", "supporter", "Officer Dibble", "Manhattan Fan"]) {
      expect(reason("fullName", text), text).toBeNull();
    }
    // A building may be called anything decent: "Support Tower" names a building, not an account.
    expect(reason("buildingName", "Official Tower")).toBeNull();
  });

  it("shows HTML as text, and counts characters after normalising", () => {
    expect(checkShownName("buildingName", "<b>Tower</b>")).toEqual({ ok: true, name: "<b>Tower</b>" });
    expect(reason("buildingName", "x".repeat(5000))).toBe("must be at most 60 characters");
    expect(reason("buildingName", "\uFDFA")).toBeNull();
    expect(reason("buildingName", "\uFDFA".repeat(4))).toBe("must be at most 60 characters");
  });
});
