import { formatDollars } from "@mx/shared/money";
import type { ReactNode } from "react";

/** A gain in green, a loss in red, with its sign spelled out for screen readers too. */
export function Gain({ value }: { value: number }) {
  const sign = value > 0 ? "+" : value < 0 ? "−" : "";
  return (
    <span className={value > 0 ? "gain--up" : value < 0 ? "gain--down" : undefined}>
      {sign}
      {formatDollars(Math.abs(value))}
    </span>
  );
}

/** A column of figures, right-aligned. */
export function NumberHead({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="portfolio-table__number">
      {children}
    </th>
  );
}

/** A figure, right-aligned; on a phone its row is a card and `label` names the figure. */
export function NumberCell({ label, name, children }: { label: string; name?: string; children: ReactNode }) {
  return (
    <td className="portfolio-table__number" data-label={label} data-figure={name}>
      {children}
    </td>
  );
}

/** One of the portfolio's totals. */
export function Total({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <div data-total={id}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
