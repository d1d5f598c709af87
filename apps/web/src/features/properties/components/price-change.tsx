import { formatDollars } from "@mx/shared/money";
import type { PricePoint } from "@mx/shared/schemas/properties";
import { propertiesCopy } from "../copy";
import { formatShortDate } from "../format-date";

interface PriceChangeProps {
  history: PricePoint[] | undefined;
}

/**
 * The change in value from the first price-history point to the last: sales, and the value finished developments
 * raised it to. The price shown beside it may be an asking price, which moves no figure here. Nothing without
 * history.
 */
export function PriceChange({ history }: PriceChangeProps) {
  const first = history?.[0];
  const last = history?.[history.length - 1];
  if (!first || !last) return null;
  const change = last.bidAmount - first.bidAmount;
  const direction = change > 0.004 ? "up" : change < -0.004 ? "down" : "flat";
  const sign = direction === "up" ? "+" : direction === "down" ? "−" : "";
  const percent =
    first.bidAmount > 0
      ? ` (${sign}${Math.abs((change / first.bidAmount) * 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}%)`
      : "";
  return (
    <p className={`price-change price-change--${direction}`}>
      <span className="visually-hidden">{propertiesCopy.changeLabel}: </span>
      <span className="price-change__value">
        <span aria-hidden="true">{direction === "up" ? "▲ " : direction === "down" ? "▼ " : ""}</span>
        {sign}
        {formatDollars(Math.abs(change))}
        {percent}
      </span>{" "}
      <span className="price-change__since">{propertiesCopy.since(formatShortDate(first.insertDate))}</span>
    </p>
  );
}
