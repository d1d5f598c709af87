import { describe, expect, it } from "vitest";
import { formatShortDate } from "../format-date";
import { timeAxis } from "./price-history-chart";

const day = 86_400;
const start = Date.UTC(2026, 2, 7, 12) / 1000;
const labels = (ticks: number[]) => ticks.map(formatShortDate);

describe("the price-history time axis", () => {
  it("never prints the same date twice when the sales are hours apart", () => {
    const axis = timeAxis([
      { insertDate: start, bidAmount: 10, kind: "trade" as const },
      { insertDate: start + 3 * 3600, bidAmount: 20, kind: "trade" as const },
    ]);
    // One date (two where the sales straddle local midnight), never one date printed twice.
    expect(new Set(labels(axis.ticks)).size).toBe(axis.ticks.length);
    expect(axis.ticks.length).toBeLessThanOrEqual(2);
  });

  it("spreads four distinct dates over a long span", () => {
    const axis = timeAxis([
      { insertDate: start, bidAmount: 10, kind: "trade" as const },
      { insertDate: start + 30 * day, bidAmount: 20, kind: "trade" as const },
    ]);
    expect(labels(axis.ticks)).toEqual(["Mar 7", "Mar 17", "Mar 27", "Apr 6"]);
    expect(axis.domain).toEqual([start, start + 30 * day]);
  });

  it("keeps each day once when sales span two days", () => {
    const axis = timeAxis([
      { insertDate: start, bidAmount: 10, kind: "trade" as const },
      { insertDate: start + day, bidAmount: 20, kind: "trade" as const },
    ]);
    expect(new Set(labels(axis.ticks)).size).toBe(axis.ticks.length);
    expect(labels(axis.ticks)).toEqual(["Mar 7", "Mar 8"]);
  });
});
