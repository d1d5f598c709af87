import { formatCents } from "@mx/shared/money";
import type { AskTotals } from "../ask";
import { saleCopy } from "../copy";
import "../../../components/ui/amount-lines.css";

/** Price, the processing fee taken out of it, and what the seller receives, as a description list. */
export function AskLines({ totals, className }: { totals: AskTotals; className?: string }) {
  return (
    <dl className={className ? `amount-lines sale-lines ${className}` : "amount-lines sale-lines"}>
      <div className="amount-lines__row">
        <dt>{saleCopy.price}</dt>
        <dd>{formatCents(totals.priceCents)}</dd>
      </div>
      <div className="amount-lines__row">
        <dt>{saleCopy.processingFee}</dt>
        {/* A real minus sign; screen readers read it as "minus". */}
        <dd className="sale-lines__fee">−{formatCents(totals.processingFeeCents)}</dd>
      </div>
      <div className="amount-lines__row amount-lines__row--total">
        <dt>{saleCopy.youReceive}</dt>
        <dd>{formatCents(totals.receiveCents)}</dd>
      </div>
    </dl>
  );
}
