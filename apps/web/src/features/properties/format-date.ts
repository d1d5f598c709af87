import { formatDate } from "../../lib/format-date";

const shortDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });

/** A price-history label: short US-English month and day ("Mar 7") from epoch seconds. */
export function formatShortDate(epochSeconds: number): string {
  return shortDate.format(new Date(epochSeconds * 1000));
}

/** The same with the year, for tooltips and the screen-reader table. */
export function formatLongDate(epochSeconds: number): string {
  return formatDate(epochSeconds * 1000);
}
