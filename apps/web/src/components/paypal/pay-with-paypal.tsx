import { useConfig } from "../../lib/payment-config";
import { paypalCopy } from "./paypal-method";
import "./paypal.css";

interface PayWithPaypalProps {
  onClick: () => void;
  disabled?: boolean;
  label?: string;
  /** A line under the button about paying this way (e.g. a PayPal hold's shorter life). */
  note?: string;
  /** The only way to pay on its screen: no "or" above it. */
  alone?: boolean;
}

/**
 * 'Pay with PayPal', beside the card on a review screen. Shown only where the server offers PayPal (its own, or the
 * sandbox's); the review's confirmation dialog and PayPal's approval follow, as for a card and its bank's check.
 */
export function PayWithPaypal({
  onClick,
  disabled,
  label = paypalCopy.payWithPaypal,
  note,
  alone = false,
}: PayWithPaypalProps) {
  const config = useConfig();
  if (!config.data?.paypal) return null;
  return (
    <div className="pay-with-paypal">
      {alone ? null : (
        <p className="pay-with-paypal__or" aria-hidden="true">
          {paypalCopy.or}
        </p>
      )}
      <button type="button" className="pay-with-paypal__button" onClick={onClick} disabled={disabled}>
        <span className="visually-hidden">{label}</span>
        <span aria-hidden="true" className="pay-with-paypal__label">
          {label.replace(/PayPal$/, "")}
          <span className="pay-with-paypal__logo">
            Pay<span>Pal</span>
          </span>
        </span>
      </button>
      {note ? <p className="pay-with-paypal__or">{note}</p> : null}
    </div>
  );
}
