import { formatCents } from "@mx/shared/money";
import { shippingTexts } from "@mx/shared/shop-shipping";
import { useId } from "react";
import { shopCopy } from "../copy";

export type SummaryLine = { name: string; unitAmountCents: number; quantity: number };

interface OrderSummaryProps {
  lines: readonly SummaryLine[];
  subtotalCents: number;
  shippingCents: number;
  /** "Sales tax", or with the state and rate once an address is known. */
  taxLabel: string;
  /** The tax in dollars, or why it is not known yet ("Enter your address", "Calculating…"). */
  taxAmount: string;
  total: string;
}

/** What a checkout will charge: the lines, subtotal, shipping, sales tax and total, beside its payment step. */
export function OrderSummary({
  lines,
  subtotalCents,
  shippingCents,
  taxLabel,
  taxAmount,
  total,
}: OrderSummaryProps) {
  const titleId = useId();
  return (
    <section className="shop-pay__summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="shop-pay__heading">
        {shopCopy.orderSummary}
      </h2>
      <ul className="shop-pay__lines">
        {lines.map((line) => (
          <li key={line.name}>
            <span>
              {line.quantity} × {line.name}
            </span>
            <span>{formatCents(line.unitAmountCents * line.quantity)}</span>
          </li>
        ))}
      </ul>
      <dl className="shop-pay__figures">
        <div>
          <dt>{shippingTexts.subtotal}</dt>
          <dd data-testid="payment-subtotal">{formatCents(subtotalCents)}</dd>
        </div>
        <div>
          <dt>{shippingTexts.shipping}</dt>
          <dd data-testid="payment-shipping">{formatCents(shippingCents)}</dd>
        </div>
        <div>
          <dt>{taxLabel}</dt>
          <dd data-testid="payment-tax">{taxAmount}</dd>
        </div>
      </dl>
      <p className="shop-pay__total" aria-live="polite">
        <span>{shopCopy.total}</span>
        <span data-testid="payment-total">{total}</span>
      </p>
    </section>
  );
}
