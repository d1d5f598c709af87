import { paths } from "@mx/shared/routes";
import { useNavigate } from "react-router";
import { PaymentBankCheck } from "../../../components/payment/pay-panel";
import type { Payment } from "../../../components/payment/use-payment";
import type { usePaypalCheckout } from "../api/paypal-checkout";
import type { PricedLine } from "../cart";
import { PaypalAddressStep } from "./paypal-address-step";

interface PaypalCheckoutStepProps {
  /** The e-mail, trimmed. */
  email: string;
  lines: readonly PricedLine[];
  subtotalCents: number;
  lineItems: { price: string; quantity: number }[];
  payment: Payment<undefined>;
  paypal: ReturnType<typeof usePaypalCheckout>;
  /** The PayPal refusal to show, or null. */
  error: string | null;
  onBack: () => void;
}

/**
 * PayPal's step in place of the page: where the goods go, then PayPal's approval (the payment's bank check) and,
 * approved and captured, the return page, which shows the paid checkout as it does a card's.
 */
export function PaypalCheckoutStep({
  email,
  lines,
  subtotalCents,
  lineItems,
  payment,
  paypal,
  error,
  onBack,
}: PaypalCheckoutStepProps) {
  const navigate = useNavigate();
  return (
    <>
      <PaypalAddressStep
        email={email}
        lines={lines.map(({ product, line }) => ({
          name: product.name,
          unitAmountCents: product.priceCents,
          quantity: line.quantity,
        }))}
        subtotalCents={subtotalCents}
        busy={paypal.isPending}
        error={error}
        onBack={onBack}
        onPay={(shipping) =>
          paypal.mutate(
            { customerEmail: email, line_items: lineItems, ...shipping },
            {
              onSuccess: (checkoutId) =>
                void navigate(`${paths.return}?session_id=${encodeURIComponent(checkoutId)}`),
            },
          )
        }
      />
      <PaymentBankCheck payment={payment} />
    </>
  );
}
