/*
 * Time left and time taken, as a clock and in words: a construction's countdown and how long one takes.
 * Pure functions of whole seconds, so they can be tested without a clock.
 */

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** Whole seconds from `nowMs` until `untilSeconds` (epoch seconds), never below 0. */
export function secondsLeft(untilSeconds: number, nowMs: number): number {
  return Math.max(0, Math.ceil(untilSeconds - nowMs / 1000));
}

/** A clock counting down: "23:59:59" from an hour up (and "2 d 03:04:05" past a day), "4:05" below an hour. */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  if (days > 0) return `${days} d ${two(hours)}:${two(minutes)}:${two(seconds)}`;
  if (hours > 0) return `${hours}:${two(minutes)}:${two(seconds)}`;
  return `${minutes}:${two(seconds)}`;
}

/**
 * The countdown in words for a screen reader, changing at most once a minute so that a live region reading it is
 * not a stream of numbers: "2 hours 5 minutes left", "12 minutes left", "less than a minute left".
 */
export function spokenCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  if (s === 0) return "finishing now";
  if (s < 60) return "less than a minute left";
  // Rounded up, so the words never promise less time than the clock shows.
  const minutes = Math.ceil(s / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${plural(rest, "minute")} left`;
  return `${plural(hours, "hour")}${rest ? ` ${plural(rest, "minute")}` : ""} left`;
}

/** How long something takes, in words: "1 hour", "6 hours", "1 day", "1 minute 30 seconds". */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  if (s === 0) return "no time";
  const parts: string[] = [];
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  // A whole number of days reads as hours up to a day and a half ("24 hours"), the way construction times are given.
  if (days > 0 && s > 36 * 3600) parts.push(plural(days, "day"));
  const shownHours = days > 0 && s <= 36 * 3600 ? hours + days * 24 : hours;
  if (shownHours > 0) parts.push(plural(shownHours, "hour"));
  if (minutes > 0) parts.push(plural(minutes, "minute"));
  if (seconds > 0) parts.push(plural(seconds, "second"));
  return parts.join(" ");
}
