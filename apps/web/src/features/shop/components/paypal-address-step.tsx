import { formatCents } from "@mx/shared/money";
import type { ShippingAddress } from "@mx/shared/schemas/shop";
import {
  findShippingRate,
  SHIPPING_RATES,
  STATEWIDE_SALES_TAX_RATES,
  shippingTexts,
  statewideSalesTaxCents,
} from "@mx/shared/shop-shipping";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { PayWithPaypal } from "../../../components/paypal/pay-with-paypal";
import { shopCopy } from "../copy";
import { OrderSummary, type SummaryLine } from "./order-summary";
import {
  type AddressDraft,
  type AddressField,
  addressProblem,
  EMPTY_ADDRESS,
  ShippingFields,
  toShippingAddress,
  useAddressIds,
} from "./shipping-fields";
import { ChevronLeftIcon } from "./shop-icons";

type PaypalShipping = { address: ShippingAddress; shippingRate: string };

interface PaypalAddressStepProps {
  email: string;
  lines: readonly SummaryLine[];
  subtotalCents: number;
  busy: boolean;
  /** The server's refusal or PayPal's, shown above the button. */
  error: string | null;
  onBack: () => void;
  onPay: (shipping: PaypalShipping) => void;
}

/**
 * Before PayPal: where the goods go and how fast, as the card form asks. PayPal computes no tax, so the server
 * charges the statewide rate on the goods (the card sandbox's rule); the figures shown are worked out with the same
 * shared function, so what is shown is what PayPal is asked for.
 */
export function PaypalAddressStep({
  email,
  lines,
  subtotalCents,
  busy,
  error,
  onBack,
  onPay,
}: PaypalAddressStepProps) {
  const ids = useAddressIds();
  const [address, setAddress] = useState<AddressDraft>(EMPTY_ADDRESS);
  const [rate, setRate] = useState(SHIPPING_RATES[0]?.id ?? "");
  const [problem, setProblem] = useState<{ field: AddressField; message: string } | null>(null);
  const problemId = `${ids.name}-problem`;

  const { isAddressReady, shippingCents, taxCents, taxLabel, total } = paypalFigures(
    address,
    rate,
    subtotalCents,
  );

  const pay = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (busy) return;
    const missing = addressProblem(address);
    setProblem(missing);
    if (missing) {
      document.getElementById(ids[missing.field])?.focus();
      return;
    }
    onPay({ address: toShippingAddress(address), shippingRate: rate });
  };

  return (
    <div className="shop-page payment-step">
      <ShippingStepHeader onBack={onBack} busy={busy} />
      <div className="shop-pay">
        <OrderSummary
          lines={lines}
          subtotalCents={subtotalCents}
          shippingCents={shippingCents}
          taxLabel={taxLabel}
          taxAmount={isAddressReady ? formatCents(taxCents) : shippingTexts.taxPending}
          total={total}
        />
        <form className="form shop-pay__form" onSubmit={pay} noValidate aria-busy={busy || undefined}>
          <p className="shop-pay__email">
            <span className="shop-pay__label">{shopCopy.emailLabel}</span>
            <span>{email}</span>
          </p>
          <ShippingFields
            ids={ids}
            address={address}
            onAddressChange={(field, value) => {
              setAddress((current) => ({ ...current, [field]: value }));
              setProblem(null);
            }}
            rates={SHIPPING_RATES}
            rate={rate}
            onRateChange={setRate}
            fieldState={(field) =>
              problem?.field === field ? { "aria-invalid": true, "aria-describedby": problemId } : {}
            }
            disabled={busy}
          />
          <StepNotices problem={problem?.message ?? null} problemId={problemId} error={error} />
          <PayWithPaypal
            alone
            disabled={busy}
            label={shopCopy.payAmountWithPaypal(total)}
            onClick={() => pay()}
          />
          <p className="shop-pay__note">{shopCopy.paypalShippingNote}</p>
        </form>
      </div>
    </div>
  );
}

/** The shipping, tax and total shown and asked of PayPal; tax waits until the address is complete. */
function paypalFigures(address: AddressDraft, rate: string, subtotalCents: number) {
  const isAddressReady = addressProblem(address) === null;
  const shippingCents = findShippingRate(rate)?.amountCents ?? 0;
  const taxCents = isAddressReady ? statewideSalesTaxCents(subtotalCents, address.state) : 0;
  const taxLabel = isAddressReady
    ? shippingTexts.taxWithRate(address.state, STATEWIDE_SALES_TAX_RATES[address.state] ?? 0)
    : shippingTexts.tax;
  const total = formatCents(subtotalCents + shippingCents + taxCents);
  return { isAddressReady, shippingCents, taxCents, taxLabel, total };
}

/** The way back to the cart and the step's heading, which takes the focus when the step opens. */
function ShippingStepHeader({ onBack, busy }: { onBack: () => void; busy: boolean }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="payment-step__header">
      <button type="button" className="payment-step__back" onClick={onBack} disabled={busy}>
        <ChevronLeftIcon size={20} />
        {shopCopy.backToCart}
      </button>
      <h1 ref={headingRef} tabIndex={-1} className="payment-step__title">
        {shopCopy.shippingStep}
      </h1>
    </div>
  );
}

interface StepNoticesProps {
  /** What is missing or wrong in the address, named by `problemId` on the field. */
  problem: string | null;
  problemId: string;
  error: string | null;
}

/** The address problem and the server's or PayPal's refusal, each as an alert when there is one. */
function StepNotices({ problem, problemId, error }: StepNoticesProps) {
  return (
    <>
      {problem ? (
        <p className="notice notice--error" role="alert" id={problemId}>
          {problem}
        </p>
      ) : null}
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
