import { formatCents } from "@mx/shared/money";
import { purchaseCopy } from "../copy";
import type { OrderTotals } from "../order";
import "../../../components/ui/amount-lines.css";

/** Price, sales tax, processing fee and the total, as a description list; `priceLabel` names the first line. */
export function OrderLines({
  totals,
  priceLabel = purchaseCopy.price,
}: {
  totals: OrderTotals;
  priceLabel?: string;
}) {
  return (
    <dl className="amount-lines">
      <div className="amount-lines__row">
        <dt>{priceLabel}</dt>
        <dd>{formatCents(totals.priceCents)}</dd>
      </div>
      <div className="amount-lines__row">
        <dt>{purchaseCopy.salesTax}</dt>
        <dd>{formatCents(totals.salesTaxCents)}</dd>
      </div>
      <div className="amount-lines__row">
        <dt>{purchaseCopy.processingFee}</dt>
        <dd>{formatCents(totals.processingFeeCents)}</dd>
      </div>
      <div className="amount-lines__row amount-lines__row--total">
        <dt>{purchaseCopy.total}</dt>
        <dd>{formatCents(totals.totalCents)}</dd>
      </div>
    </dl>
  );
}
