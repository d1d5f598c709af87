import { errors, formats } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import type { PayoutHistoryItem } from "@mx/shared/schemas/payouts";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { Spinner } from "../../../components/ui/spinner";
import { errorMessage } from "../../../lib/api-client";
import { formatDate } from "../../../lib/format-date";
import { useLinkedItem } from "../../../lib/use-linked-item";
import { payoutsCopy } from "../copy";

function typeOf(payout: PayoutHistoryItem): string {
  if (payout.method === "instant") return payoutsCopy.typeInstant;
  return payout.automatic ? payoutsCopy.typeAutomatic : payoutsCopy.typeManual;
}

/** One payout's row: date, amount (and what arrived after a fee), currency, status (and why it failed), type. */
function PayoutRow({ payout }: { payout: PayoutHistoryItem }) {
  return (
    <tr data-payout-id={payout.id}>
      <td className="payouts-table__date">
        <time dateTime={payout.createdAt}>{formatDate(payout.createdAt)}</time>
      </td>
      <td className="payouts-table__amount">
        {formatDollars(payout.amount)}
        {payout.fee > 0 ? (
          <span className="payouts-table__sub">{payoutsCopy.afterFee(formatDollars(payout.netAmount))}</span>
        ) : null}
      </td>
      <td>{payout.currency.toUpperCase()}</td>
      <td>
        <span className={`payouts-status payouts-status--${payout.status}`}>
          {payoutsCopy.status[payout.status] ?? payout.status}
        </span>
        {payout.status === "failed" && payout.failureMessage ? (
          <span className="payouts-table__sub">{payout.failureMessage}</span>
        ) : null}
      </td>
      <td>
        {typeOf(payout)}
        {payout.destination ? (
          <span className="payouts-table__sub payouts-table__sub--card">{payout.destination}</span>
        ) : null}
      </td>
    </tr>
  );
}

interface PayoutHistoryProps {
  payouts: PayoutHistoryItem[] | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  onReload: () => void;
}

/** The payouts table: date, amount, currency, status and type, newest first. */
export function PayoutHistory({ payouts, isPending, isFetching, error, onReload }: PayoutHistoryProps) {
  // A notification about one payout opens this page on its row.
  useLinkedItem(
    "data-payout-id",
    new URLSearchParams(window.location.search).get("payout"),
    Boolean(payouts),
  );
  return (
    <section
      className="payouts-history"
      aria-labelledby="payouts-history-title"
      aria-busy={isFetching || undefined}
    >
      <div className="payouts-history__head">
        <h2 className="payouts-history__title" id="payouts-history-title">
          {payoutsCopy.historyTitle}
        </h2>
        <Button variant="ghost" onClick={onReload} busy={isFetching && !isPending}>
          {payoutsCopy.reload}
        </Button>
      </div>
      {isPending ? <Spinner /> : null}
      <ErrorBox>
        {error ? formats.listError(errorMessage(error, errors.loadPayoutDetailsFailed)) : null}
      </ErrorBox>
      {payouts && payouts.length === 0 ? (
        <div className="card-page__empty payouts-empty--small">
          <p className="card-page__empty-title">{payoutsCopy.noPayouts}</p>
          <p className="card-page__empty-hint">{payoutsCopy.noPayoutsHint}</p>
        </div>
      ) : null}
      {payouts && payouts.length > 0 ? (
        <div className="payouts-table__scroll">
          <table className="payouts-table">
            <caption className="visually-hidden">{payoutsCopy.historyCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{payoutsCopy.dateColumn}</th>
                <th scope="col">{payoutsCopy.amountColumn}</th>
                <th scope="col">{payoutsCopy.currencyColumn}</th>
                <th scope="col">{payoutsCopy.statusColumn}</th>
                <th scope="col">{payoutsCopy.typeColumn}</th>
              </tr>
            </thead>
            <tbody>
              {payouts.map((payout) => (
                <PayoutRow key={payout.id} payout={payout} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
