import { BUY_PROCESSING_FEE_CENTS, SALES_TAX_CENTS } from "@mx/shared/constants";
import { formatCents } from "@mx/shared/money";
import type { BidTotals } from "../bid";
import { bidsCopy } from "../copy";
import "../../../components/ui/amount-lines.css";

/** The bid, processing fee, sales tax and what the card is held for; the bid and total are dashes until the bid is valid. */
export function BidLines({ totals, className }: { totals: BidTotals | null; className?: string }) {
  const amount = (cents: number | undefined) => (cents === undefined ? "—" : formatCents(cents));
  return (
    <dl className={className ? `amount-lines ${className}` : "amount-lines"}>
      <div className="amount-lines__row">
        <dt>{bidsCopy.bid}</dt>
        <dd>{amount(totals?.bidCents)}</dd>
      </div>
      <div className="amount-lines__row">
        <dt>{bidsCopy.processingFee}</dt>
        <dd>{formatCents(BUY_PROCESSING_FEE_CENTS)}</dd>
      </div>
      <div className="amount-lines__row">
        <dt>{bidsCopy.salesTax}</dt>
        <dd>{formatCents(SALES_TAX_CENTS)}</dd>
      </div>
      <div className="amount-lines__row amount-lines__row--total">
        <dt>{bidsCopy.totalHeld}</dt>
        <dd>{amount(totals?.totalCents)}</dd>
      </div>
    </dl>
  );
}
