import { formatDollars } from "@mx/shared/money";
import type { PricePoint } from "@mx/shared/schemas/properties";
import { propertiesCopy } from "../copy";
import { formatShortDate } from "../format-date";

type Direction = "up" | "down" | "flat";

const arrows: Record<Direction, string> = { up: "▲ ", down: "▼ ", flat: "" };

function directionOf(change: number): Direction {
  return change > 0.004 ? "up" : change < -0.004 ? "down" : "flat";
}

/** "26.5%": the change as a share of what it is measured against; "" when that is 0. */
function percentOf(change: number, base: number): string {
  if (base <= 0) return "";
  return `${Math.abs((change / base) * 100).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;
}

interface PriceChangeProps {
  history: PricePoint[] | undefined;
  /** While the building is for sale: its asking price and its own value, both in dollars. */
  listing?: { ask: number; value: number } | null;
}

/**
 * What the numbers beside the price mean, each saying what it compares with what:
 * - while it is for sale, the asking price against the building's own value (an ask never moves the value);
 * - the value's change from the first price-history point to the last: sales, and the value finished developments
 *   raised it to.
 * Nothing without history or a listing.
 */
export function PriceChange({ history, listing }: PriceChangeProps) {
  const first = history?.[0];
  const last = history?.[history.length - 1];
  return (
    <>
      {listing ? <AskAgainstValue ask={listing.ask} value={listing.value} /> : null}
      {first && last ? <ValueSinceFirst first={first} last={last} /> : null}
    </>
  );
}

function AskAgainstValue({ ask, value }: { ask: number; value: number }) {
  const change = ask - value;
  const direction = directionOf(change);
  const percent = percentOf(change, value);
  const valueText = formatDollars(value);
  return (
    <p className={`price-change price-change--${direction}`} data-testid="ask-against-value">
      <span aria-hidden="true">{arrows[direction]}</span>
      {direction === "flat"
        ? propertiesCopy.askAtValue(valueText)
        : propertiesCopy.askAgainstValue(formatDollars(Math.abs(change)), percent, direction, valueText)}
    </p>
  );
}

function ValueSinceFirst({ first, last }: { first: PricePoint; last: PricePoint }) {
  const change = last.bidAmount - first.bidAmount;
  const direction = directionOf(change);
  const percent = percentOf(change, first.bidAmount);
  const from = formatDollars(first.bidAmount);
  const date = formatShortDate(first.insertDate);
  return (
    <p className={`price-change price-change--${direction}`} data-testid="value-change">
      <span aria-hidden="true">{arrows[direction]}</span>
      {direction === "flat"
        ? propertiesCopy.valueUnchanged(from, date)
        : propertiesCopy.valueChange(formatDollars(Math.abs(change)), percent, direction, from, date)}
    </p>
  );
}
