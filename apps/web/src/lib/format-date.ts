/*
 * The app's one way of writing dates: "Mar 7, 2026", and with the time "Mar 7, 2026, 3:04 PM" (US English, the
 * player's own time zone). Only the price chart's axis is shorter ("Mar 7"), as its labels must be.
 */
const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const dayAndTime = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

function readDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Mar 7, 2026"; "—" for a missing or unreadable date. */
export function formatDate(value: string | number | Date | null | undefined, timeZone?: string): string {
  const date = readDate(value);
  if (!date) return "—";
  return timeZone
    ? new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone }).format(
        date,
      )
    : day.format(date);
}

/** "Mar 7, 2026, 3:04 PM"; "—" for a missing or unreadable date. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = readDate(value);
  return date ? dayAndTime.format(date) : "—";
}
