import { marketTexts } from "@mx/shared/messages";
import type { IndexDay } from "@mx/shared/schemas/market";
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from "recharts";

// SVG presentation attributes do not read CSS variables everywhere: these mirror styles/tokens.css.
const ACCENT = "#f5b942";
const BARS = "#3b4a6a";
const GRID = "#29344d";
const TICK = "#a9b3c8";

const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const dayLabel = (date: string) => shortDay.format(new Date(`${date}T00:00:00Z`));

function IndexTooltip({ active, payload }: TooltipContentProps) {
  const day = payload?.[0]?.payload as IndexDay | undefined;
  if (!active || !day) return null;
  return (
    <div className="chart-tooltip">
      <p className="chart-tooltip__date">{dayLabel(day.date)}</p>
      <p>
        {marketTexts.indexTrades}: {day.trades}
      </p>
      {day.medianPricePer1000Sqft !== null ? (
        <p>
          {marketTexts.indexMedian}: {marketTexts.perArea(day.medianPricePer1000Sqft)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A neighbourhood's index: each day's trades as bars and its median price per square foot as points, days
 * without trades left empty (never drawn between), with the days that had trades as a table for screen readers.
 */
export function IndexChart({ name, days }: { name: string; days: IndexDay[] }) {
  const traded = days.filter((d) => d.trades > 0);
  return (
    <figure className="index-chart">
      <figcaption className="neighborhood-panel__subtitle">{marketTexts.indexTitle(name)}</figcaption>
      {traded.length === 0 ? (
        <p className="neighborhood-panel__empty">{marketTexts.indexEmpty}</p>
      ) : (
        <>
          <IndexPlot days={days} />
          <IndexTable name={name} traded={traded} />
        </>
      )}
    </figure>
  );
}

/** The chart itself, hidden from screen readers (the table says the same): trades as bars, the median as points. */
function IndexPlot({ days }: { days: IndexDay[] }) {
  return (
    <div className="index-chart__plot" aria-hidden="true">
      <ComposedChart
        responsive
        style={{ width: "100%", height: "100%" }}
        data={days}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke={GRID} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={dayLabel}
          tick={{ fill: TICK, fontSize: 12 }}
          tickLine={false}
          axisLine={{ stroke: GRID }}
          minTickGap={32}
        />
        <YAxis
          yAxisId="trades"
          orientation="right"
          allowDecimals={false}
          tick={{ fill: TICK, fontSize: 12 }}
          tickLine={false}
          axisLine={false}
          width={32}
        />
        <YAxis
          yAxisId="median"
          tickFormatter={(value: number) => `$${value.toPrecision(2)}`}
          tick={{ fill: TICK, fontSize: 12 }}
          tickLine={false}
          axisLine={false}
          width={72}
        />
        <Tooltip content={IndexTooltip} cursor={{ fill: "rgba(255,255,255,0.04)" }} />
        <Bar yAxisId="trades" dataKey="trades" fill={BARS} isAnimationActive={false} />
        <Line
          yAxisId="median"
          dataKey="medianPricePer1000Sqft"
          stroke={ACCENT}
          strokeWidth={2}
          dot={{ r: 3, fill: ACCENT }}
          connectNulls={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </div>
  );
}

/** The days that had trades, as a table only screen readers see. */
function IndexTable({ name, traded }: { name: string; traded: IndexDay[] }) {
  return (
    // A table keeps its content's width whatever its own: the wrapper hides it, so nothing scrolls sideways.
    <div className="visually-hidden">
      <table>
        <caption>{marketTexts.indexTitle(name)}</caption>
        <thead>
          <tr>
            <th scope="col">{marketTexts.indexDate}</th>
            <th scope="col">{marketTexts.indexTrades}</th>
            <th scope="col">{marketTexts.indexMedian}</th>
          </tr>
        </thead>
        <tbody>
          {traded.map((d) => (
            <tr key={d.date}>
              <td>{d.date}</td>
              <td>{d.trades}</td>
              <td>
                {d.medianPricePer1000Sqft === null ? "" : marketTexts.perArea(d.medianPricePer1000Sqft)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
