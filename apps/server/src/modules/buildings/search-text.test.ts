import { describe, expect, it } from "vitest";
import { normaliseQuery } from "./search-text";

describe("folding text for search", () => {
  it("reads a street written any usual way the same", () => {
    const forms = ["West 125th Street", "W 125th St", "w. 125th st.", "West 125 Street", "W 125 St"];
    for (const form of forms) expect(normaliseQuery(form), form).toBe("west 125 street");
    expect(normaliseQuery("125th st")).toBe("125 street");
    expect(normaliseQuery("West 125th Street")).toContain(normaliseQuery("125th st"));
  });

  it("spells out street words and turns spelt ordinals into numbers", () => {
    expect(normaliseQuery("350 Fifth Ave")).toBe("350 5 avenue");
    expect(normaliseQuery("350 5th Avenue")).toBe("350 5 avenue");
    expect(normaliseQuery("E 42nd St")).toBe("east 42 street");
    expect(normaliseQuery("1st Ave & E 23rd St")).toBe("1 avenue & east 23 street");
    expect(normaliseQuery("Frederick Douglass Blvd")).toBe("frederick douglass boulevard");
  });

  it("changes nothing when folded twice, so stored text and queries agree", () => {
    for (const text of [
      "W 125th St at Frederick Douglass Blvd",
      "Empire State Building | Midtown-Times Square",
    ]) {
      expect(normaliseQuery(normaliseQuery(text))).toBe(normaliseQuery(text));
    }
  });

  it("leaves words that merely contain the abbreviations alone", () => {
    expect(normaliseQuery("Stuyvesant Town")).toBe("stuyvesant town");
    expect(normaliseQuery("Westbeth")).toBe("westbeth");
    expect(normaliseQuery("  Empire   State  ")).toBe("empire state");
  });
});
