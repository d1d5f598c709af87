import { errors, formats, texts } from "@mx/shared/messages";
import { formatDollars } from "@mx/shared/money";
import type { Balance } from "@mx/shared/schemas/payouts";
import { errorMessage } from "../../../lib/api-client";
import { payoutsCopy } from "../copy";

interface BalanceCardProps {
  balance: Balance | undefined;
  isPending: boolean;
  error: unknown;
}

/** The available balance, 'Loading…' while it is read, and what is on its way. */
export function BalanceCard({ balance, isPending, error }: BalanceCardProps) {
  const amount = isPending
    ? texts.loading
    : error
      ? formats.listError(errorMessage(error, errors.loadBalanceFailed))
      : formatDollars(balance?.availableAmount ?? 0);
  return (
    <section className="payouts-balance" aria-labelledby="payouts-balance-label">
      <p className="payouts-balance__label" id="payouts-balance-label">
        {payoutsCopy.availableBalance}
      </p>
      <p
        className={
          error ? "payouts-balance__amount payouts-balance__amount--error" : "payouts-balance__amount"
        }
        aria-live="polite"
        data-testid="available-balance"
      >
        {amount}
      </p>
      {balance && balance.pendingAmount > 0 ? (
        <p className="payouts-balance__pending">
          {payoutsCopy.onItsWay(formatDollars(balance.pendingAmount))}
        </p>
      ) : null}
    </section>
  );
}
