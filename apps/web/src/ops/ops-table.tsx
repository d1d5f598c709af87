import type { ReactNode } from "react";

/**
 * A table of records with its caption and column heads; "None." when it has no rows. `stack`: on a phone each row
 * becomes a card of its cells, each under its column's name, for tables too wide to scroll through.
 */
export function Table({
  caption,
  head,
  rows,
  stack = false,
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
  stack?: boolean;
}) {
  return (
    <div className="ops__table-wrap">
      <table className={stack ? "ops__table ops__table--stack" : "ops__table"}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length}>None.</td>
            </tr>
          ) : (
            rows.map((cells, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are read-only and in a fixed order.
              <tr key={i}>
                {cells.map((c, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional.
                  <td key={j} data-label={stack ? head[j] || undefined : undefined}>
                    {stack ? <div>{c}</div> : c}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
