import { formatDollars } from "@mx/shared/money";
import type { PricePoint } from "@mx/shared/schemas/properties";
import { propertiesCopy } from "../copy";
import { formatShortDate } from "../format-date";

interface PriceChangeProps {
  price: number;
  history: PricePoint[] | undefined;
}

/** The change from the first price-history point to the price shown; nothing without history. */
export function PriceChange({ price, history }: PriceChangeProps) {
  const first = history?.[0];
  if (!first) return null;
  const change = price - first.bidAmount;
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
