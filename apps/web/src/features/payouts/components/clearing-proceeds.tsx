import { texts } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import type { Balance, ClearingProceeds as ClearingRow } from "@mx/shared/schemas/payouts";
import { useEffect, useState } from "react";
import { formatDateTime } from "../../../lib/format-date";
import { payoutsCopy } from "../copy";

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

/** "in 5 minutes", "in 3 hours", "in 3 days"; "any moment now" once the time has come (the job clears it then). */
export function timeUntil(iso: string, now: number): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (seconds < 45) return payoutsCopy.clearsNow;
  if (seconds < 3600) return relative.format(Math.max(1, Math.round(seconds / 60)), "minute");
  if (seconds < 48 * 3600) return relative.format(Math.round(seconds / 3600), "hour");
  return relative.format(Math.round(seconds / 86_400), "day");
}

/** The time now, again every minute: relative times stay true while the page is open. */
function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** One sale's proceeds: the building, the amount, and when it can be withdrawn. */
function ClearingRowView({ row, now }: { row: ClearingRow; now: number }) {
  const exact = formatDateTime(row.clearsAt);
  return (
    <tr>
      <td className="payouts-clearing__sale">{row.building ?? texts.noName}</td>
      <td className="payouts-table__amount">{formatDollars(row.amount)}</td>
      <td>
        <time dateTime={row.clearsAt} title={exact} className="payouts-clearing__when">
          {timeUntil(row.clearsAt, now)}
        </time>
        <span className="payouts-table__sub">{payoutsCopy.clearsAt(exact)}</span>
      </td>
    </tr>
  );
}

/** The sales' proceeds still clearing, with what they add up to and when each becomes available. */
export function ClearingProceeds({ balance }: { balance: Balance | undefined }) {
  const now = useMinute();
  if (!balance) return null;
  const rows = balance.clearing;
  return (
    <section className="payouts-clearing" aria-labelledby="payouts-clearing-title">
      <div className="payouts-clearing__head">
        <h2 className="payouts-clearing__title" id="payouts-clearing-title">
          {payoutsCopy.clearingTitle}
        </h2>
        <p className="payouts-clearing__total" data-testid="clearing-balance">
          {formatDollars(balance.clearingAmount)}
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="payouts-clearing__none">{payoutsCopy.clearingNone}</p>
      ) : (
        <>
          <p className="payouts-clearing__hint">{payoutsCopy.clearingHint}</p>
          <div className="payouts-table__scroll">
            <table className="payouts-table payouts-clearing__table">
              <caption className="visually-hidden">{payoutsCopy.clearingCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{payoutsCopy.saleColumn}</th>
                  <th scope="col">{payoutsCopy.amountColumn}</th>
                  <th scope="col">{payoutsCopy.availableColumn}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <ClearingRowView
                    key={`${row.clearsAt}:${row.buildingId}:${row.amountCents}`}
                    row={row}
                    now={now}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
