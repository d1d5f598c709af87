const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

/** A day from epoch seconds ("Mar 7, 2026"). */
export function formatDay(epochSeconds: number): string {
  return dateFormat.format(new Date(epochSeconds * 1000));
}

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

/** How long ago, for the ticker ("2 minutes ago", "yesterday"). */
export function formatAgo(epochSeconds: number, now = Date.now()): string {
  const seconds = Math.round(epochSeconds - now / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return relative.format(seconds, "second");
  if (abs < 3_600) return relative.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return relative.format(Math.round(seconds / 3_600), "hour");
  return relative.format(Math.round(seconds / 86_400), "day");
}

export const isoOf = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();
