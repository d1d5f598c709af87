import { formatDollars } from "@mx/shared/money";
import type { PricePoint } from "@mx/shared/schemas/properties";
import { useId } from "react";
import { Area, AreaChart, CartesianGrid, Tooltip, type TooltipContentProps, XAxis, YAxis } from "recharts";
import { propertiesCopy } from "../copy";
import { formatLongDate, formatShortDate } from "../format-date";

// SVG presentation attributes do not read CSS variables everywhere: these mirror styles/tokens.css.
const ACCENT = "#f5b942";
const GRID = "#29344d";
const TICK = "#a9b3c8";
const LIGHT = "#e8ecf4";

const compactDollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  maximumFractionDigits: 1,
});

const TICK_COUNT = 4;

/**
 * A time axis, so sales sit at their real distance from each other: evenly spread ticks from
 * the first sale to the last. One sale (or one moment) has no span, so its point is centred.
 */
export function timeAxis(points: PricePoint[]): { domain: [number, number]; ticks: number[] } {
  const first = points[0]?.insertDate ?? 0;
  const last = points[points.length - 1]?.insertDate ?? first;
  if (last <= first) return { domain: [first - 86_400, first + 86_400], ticks: [first] };
  const step = (last - first) / (TICK_COUNT - 1);
  const evenly = Array.from({ length: TICK_COUNT }, (_, index) => Math.round(first + step * index));
  return { domain: [first, last], ticks: distinctDays(evenly) };
}

/** Ticks that would print the same day (sales within a few days of each other) are shown once. */
function distinctDays(ticks: number[]): number[] {
  const seen = new Set<string>();
  return ticks.filter((tick) => {
    const label = formatShortDate(tick);
    if (seen.has(label)) return false;
    seen.add(label);
    return true;
  });
}

function PriceTooltip({ active, payload }: TooltipContentProps) {
  const point = payload?.[0]?.payload as PricePoint | undefined;
  if (!active || !point) return null;
  return (
    <div className="chart-tooltip">
      <p className="chart-tooltip__date">{formatLongDate(point.insertDate)}</p>
      <p className="chart-tooltip__price">{formatDollars(point.bidAmount)}</p>
      <p>{pointLabel(point)}</p>
    </div>
  );
}

/** What a point is: a sale, or a development's rise in value (never a sale). */
const pointLabel = (point: PricePoint) =>
  point.kind === "development" ? propertiesCopy.developmentPoint : propertiesCopy.salePoint;

type DotProps = { cx?: number; cy?: number; payload?: PricePoint; index?: number };

/**
 * A development's point, marked on the line as a diamond in the light colour: the value rose, nobody bought. A
 * sale's point is a plain dot while the line has fewer than two points, and unmarked otherwise.
 */
function PricePointDot({ cx, cy, payload, index }: DotProps, alone: boolean) {
  const key = `dot-${index ?? 0}`;
  if (cx === undefined || cy === undefined || !payload) return <g key={key} />;
  if (payload.kind === "development") {
    return (
      <path
        key={key}
        className="price-chart__development"
        d={`M ${cx} ${cy - 6} L ${cx + 6} ${cy} L ${cx} ${cy + 6} L ${cx - 6} ${cy} Z`}
        fill={LIGHT}
        stroke={ACCENT}
        strokeWidth={2}
      />
    );
  }
  return alone ? <circle key={key} cx={cx} cy={cy} r={4} fill={ACCENT} /> : <g key={key} />;
}

/**
 * The building's value over time as an area chart: its sale prices, and each finished development's rise marked as
 * a diamond (never a sale), with the same points as a table for screen readers.
 */
export function PriceHistoryChart({ points }: { points: PricePoint[] }) {
  // useId may hold characters that a url(#…) reference does not accept.
  const gradientId = `price-fill-${useId().replace(/[^\w-]/g, "")}`;
  const axis = timeAxis(points);
  return (
    <>
      <div className="price-chart" aria-hidden="true">
        <AreaChart
          responsive
          style={{ width: "100%", height: "100%" }}
          data={points}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <defs>
            <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={ACCENT} stopOpacity={0.45} />
              <stop offset="100%" stopColor={ACCENT} stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <CartesianGrid stroke={GRID} strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="insertDate"
            type="number"
            scale="time"
            domain={axis.domain}
            ticks={axis.ticks}
            tickFormatter={(value: number) => formatShortDate(value)}
            tick={{ fill: TICK, fontSize: 12 }}
            tickLine={false}
            axisLine={{ stroke: GRID }}
            minTickGap={24}
          />
          <YAxis
            dataKey="bidAmount"
            tickFormatter={(value: number) => compactDollars.format(value)}
            tick={{ fill: TICK, fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            width={56}
            domain={[0, "auto"]}
          />
          <Tooltip content={PriceTooltip} cursor={{ stroke: TICK, strokeDasharray: "3 3" }} />
          <Area
            // Straight lines: nothing is known about the price between two sales.
            type="linear"
            dataKey="bidAmount"
            stroke={ACCENT}
            strokeWidth={2}
            fill={`url(#${gradientId})`}
            dot={(props: DotProps) => PricePointDot(props, points.length < 2)}
            activeDot={{ r: 5, fill: ACCENT, stroke: "#0b0f17", strokeWidth: 2 }}
            isAnimationActive={false}
          />
        </AreaChart>
      </div>
      {points.some((point) => point.kind === "development") ? (
        <p className="price-chart__legend">
          <span className="price-chart__legend-mark" aria-hidden="true" />
          {propertiesCopy.developmentLegend}
        </p>
      ) : null}
      <PriceHistoryTable points={points} />
    </>
  );
}

/** The chart's points as a table, for screen readers only: date, amount and whether each is a sale or a development. */
function PriceHistoryTable({ points }: { points: PricePoint[] }) {
  // A table keeps its content's width whatever its own: the wrapper hides it, so nothing scrolls sideways.
  return (
    <div className="visually-hidden">
      <table>
        <caption>{propertiesCopy.historySummary}</caption>
        <thead>
          <tr>
            <th scope="col">{propertiesCopy.date}</th>
            <th scope="col">{propertiesCopy.amount}</th>
            <th scope="col">{propertiesCopy.pointKind}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two sales can share a timestamp; the list never reorders
            <tr key={index}>
              <td>{formatLongDate(point.insertDate)}</td>
              <td>{formatDollars(point.bidAmount)}</td>
              <td>{pointLabel(point)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
