import { describe, expect, it } from "vitest";
import { formatCountdown, formatDuration, secondsLeft, spokenCountdown } from "./countdown";

describe("a construction's countdown", () => {
  it("counts whole seconds to the finish, rounding a part second up, and stops at 0", () => {
    expect(secondsLeft(1_000, 990_000)).toBe(10);
    expect(secondsLeft(1_000, 990_400)).toBe(10);
    expect(secondsLeft(1_000, 1_000_000)).toBe(0);
    expect(secondsLeft(1_000, 1_500_000)).toBe(0);
  });

  it("shows a clock: minutes and seconds below an hour, hours from an hour, days past a day", () => {
    expect(formatCountdown(0)).toBe("0:00");
    expect(formatCountdown(5)).toBe("0:05");
    expect(formatCountdown(245)).toBe("4:05");
    expect(formatCountdown(3600)).toBe("1:00:00");
    expect(formatCountdown(86_399)).toBe("23:59:59");
    expect(formatCountdown(2 * 86_400 + 3 * 3600 + 4 * 60 + 5)).toBe("2 d 03:04:05");
    expect(formatCountdown(-4)).toBe("0:00");
  });

  it("says the time left in words that change at most once a minute", () => {
    expect(spokenCountdown(0)).toBe("finishing now");
    expect(spokenCountdown(59)).toBe("less than a minute left");
    expect(spokenCountdown(60)).toBe("1 minute left");
    expect(spokenCountdown(61)).toBe("2 minutes left");
    expect(spokenCountdown(119)).toBe("2 minutes left");
    expect(spokenCountdown(3600)).toBe("1 hour left");
    expect(spokenCountdown(3 * 3600 + 5 * 60)).toBe("3 hours 5 minutes left");
    expect(spokenCountdown(86_400)).toBe("24 hours left");
  });
});

describe("how long a construction takes", () => {
  it("reads the four construction times as hours", () => {
    expect(formatDuration(3600)).toBe("1 hour");
    expect(formatDuration(6 * 3600)).toBe("6 hours");
    expect(formatDuration(12 * 3600)).toBe("12 hours");
    expect(formatDuration(24 * 3600)).toBe("24 hours");
  });

  it("reads shortened and longer times in their largest units", () => {
    expect(formatDuration(1)).toBe("1 second");
    expect(formatDuration(90)).toBe("1 minute 30 seconds");
    expect(formatDuration(3 * 86_400)).toBe("3 days");
    expect(formatDuration(0)).toBe("no time");
  });
});
