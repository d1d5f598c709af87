import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "./format-date";

describe("the app's dates", () => {
  it("writes a day one way everywhere, in the zone asked for", () => {
    expect(formatDate("2026-03-07T15:04:00Z", "UTC")).toBe("Mar 7, 2026");
    expect(formatDate("2026-03-07T02:00:00Z", "America/New_York")).toBe("Mar 6, 2026");
  });

  it("adds the time in the same style", () => {
    expect(formatDateTime(new Date(2026, 2, 7, 15, 4))).toBe("Mar 7, 2026, 3:04 PM");
  });

  it("shows a dash for a missing or unreadable date", () => {
    expect(formatDate(null)).toBe("—");
    expect(formatDate("not a date")).toBe("—");
    expect(formatDateTime(undefined)).toBe("—");
  });
});
