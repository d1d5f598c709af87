import { INSTANT_PAYOUT_FEE_CENTS } from "@mx/shared/constants";
import { formatCents } from "@mx/shared/money";
import { paths } from "@mx/shared/routes";
import type { Balance, PayoutCard } from "@mx/shared/schemas/payouts";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { ErrorBox, StatusNote } from "../../../components/ui/error-box";
import { TextField } from "../../../components/ui/text-field";
import { payoutsCopy } from "../copy";
import { payoutCardLabel } from "../payout-card-label";
import { ConfirmPayoutDialog } from "./confirm-payout-dialog";
import { useInstantPayoutFlow } from "./use-instant-payout-flow";

interface InstantPanelProps {
  balance: Balance | undefined;
  defaultCard: PayoutCard | null;
  isConnected: boolean;
}

/**
 * The Instant tab: an amount (the whole balance to start with) to the default debit card, for the 1.00 fee.
 * The checks come in a fixed order (a default card, a connected account, a balance above 0:
 * docs/decisions/0007-instant-payout-checks.md), then a confirmation shows the amount, the fee and what arrives
 * before any money moves.
 */
export function InstantPanel({ balance, defaultCard, isConnected }: InstantPanelProps) {
  const {
    amountId,
    errorId,
    isSending,
    availableCents,
    amount,
    changeAmount,
    problem,
    confirming,
    cancelConfirm,
    note,
    start,
    confirm,
  } = useInstantPayoutFlow(balance, defaultCard, isConnected);

  return (
    <div className="payouts-panel">
      <p className="payouts-panel__hint">{payoutsCopy.instantHint}</p>
      <div className="payouts-destination">
        {defaultCard ? (
          <span className="payouts-destination__card">
            {payoutsCopy.toCard(payoutCardLabel(defaultCard))}
          </span>
        ) : (
          <span className="payouts-destination__none">{payoutsCopy.noDefaultCard}</span>
        )}
        <Link className="payouts-destination__link" to={paths.withdrawalMethods}>
          {payoutsCopy.manageCards}
        </Link>
      </div>
      <TextField
        id={amountId}
        label={payoutsCopy.amountLabel}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(event) => changeAmount(event.target.value)}
        hint={payoutsCopy.amountHint(formatCents(availableCents))}
        aria-invalid={problem ? true : undefined}
        aria-errormessage={problem ? errorId : undefined}
        trailing={<span className="payouts-amount__currency">USD</span>}
      />
      <div id={errorId}>
        <ErrorBox>{problem}</ErrorBox>
      </div>
      <StatusNote>{note}</StatusNote>
      <Button className="payouts-panel__action" onClick={start}>
        {payoutsCopy.withdrawInstantly}
      </Button>
      {confirming ? (
        <ConfirmPayoutDialog
          title={payoutsCopy.confirmInstantTitle}
          amountCents={confirming.amountCents}
          feeCents={INSTANT_PAYOUT_FEE_CENTS}
          destination={payoutCardLabel(confirming.card)}
          isSending={isSending}
          onCancel={cancelConfirm}
          onConfirm={confirm}
        />
      ) : null}
    </div>
  );
}
