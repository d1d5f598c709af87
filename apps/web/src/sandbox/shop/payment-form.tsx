import { formatCents } from "@mx/shared/money";
import { paths } from "@mx/shared/routes";
import { findShippingRate, shippingTexts } from "@mx/shared/shop-shipping";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { ErrorBox } from "../../components/ui/error-box";
import { PageSpinner } from "../../components/ui/spinner";
import { TextField } from "../../components/ui/text-field";
import { OrderSummary } from "../../features/shop/components/order-summary";
import {
  type AddressDraft,
  type AddressField,
  addressProblem,
  EMPTY_ADDRESS,
  ShippingFields,
  toShippingAddress,
  useAddressIds,
} from "../../features/shop/components/shipping-fields";
import { shopCopy } from "../../features/shop/copy";
import { errorMessage } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";
import { SandboxCardFields } from "../card-entry/card-fields";
import { detectBrand, formatCardNumber, onlyDigits, passesLuhn } from "../card-entry/card-input";
import { paySandboxCheckout, setSandboxShipping, useSandboxCheckoutSession } from "./checkout-api";

type CardFieldName = "number" | "expiry" | "cvc" | "name";
type Field = CardFieldName | AddressField;

/** How long typing pauses before the address is sent for its tax. */
const QUOTE_DELAY_MS = 400;

const isAmex = (digits: string) => detectBrand(digits) === "amex";

function formatExpiry(raw: string): string {
  let digits = onlyDigits(raw);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** The first problem with the card, in Stripe's words, so both providers read the same. */
function cardProblem(card: { number: string; expiry: string; cvc: string; name: string }, now = new Date()) {
  const digits = onlyDigits(card.number);
  if (digits.length < 12 || !passesLuhn(digits)) {
    const isShort = digits.length < (isAmex(digits) ? 15 : 16);
    return {
      field: "number" as const,
      message: isShort ? shopCopy.numberIncomplete : shopCopy.numberInvalid,
    };
  }
  const expiry = onlyDigits(card.expiry);
  if (expiry.length < 4) return { field: "expiry" as const, message: shopCopy.expiryIncomplete };
  const month = Number(expiry.slice(0, 2));
  const year = 2000 + Number(expiry.slice(2));
  if (month < 1 || month > 12) return { field: "expiry" as const, message: shopCopy.expiryMonthInvalid };
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    return { field: "expiry" as const, message: shopCopy.expiryPast };
  }
  if (onlyDigits(card.cvc).length < (isAmex(digits) ? 4 : 3)) {
    return { field: "cvc" as const, message: shopCopy.cvcIncomplete };
  }
  if (!card.name.trim()) return { field: "name" as const, message: shopCopy.nameRequired };
  return null;
}

/**
 * Sandbox mode: our own embedded payment form in place of Stripe's. It shows what the session will charge, takes
 * the card, tokenises it with the sandbox (`POST /sandbox/tokens`) and pays the session; a refused card shows the
 * processor's message ("Your card was declined.") and the form stays for another card. Paid → the return page.
 */
export default function SandboxPaymentForm({ clientSecret }: { clientSecret: string }) {
  const session = useSandboxCheckoutSession(clientSecret);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const ids = { number: useId(), expiry: useId(), cvc: useId(), name: useId(), error: useId() };
  const addressIds = useAddressIds();
  const [address, setAddress] = useState<AddressDraft>(EMPTY_ADDRESS);
  const [chosenRate, setChosenRate] = useState<string | null>(null);
  // The address and rate the session was last given (its figures are theirs), and whether a quote is on its way.
  const [quoted, setQuoted] = useState<string | null>(null);
  const [isQuoting, setIsQuoting] = useState(false);
  const latestQuote = useRef(0);

  const stored = session.data?.shipping;
  const rate = chosenRate ?? stored?.rateId ?? session.data?.shippingOptions[0]?.id ?? "";
  const isAddressReady = addressProblem(address) === null;
  const quoteBody = isAddressReady
    ? { clientSecret, address: toShippingAddress(address), shippingRate: rate }
    : null;
  const quoteKey = quoteBody ? JSON.stringify(quoteBody) : null;

  // A session that already has an address (a reload) shows it.
  const storedAddress = stored?.address;
  useEffect(() => {
    if (!storedAddress) return;
    setAddress((current) =>
      current === EMPTY_ADDRESS ? { ...storedAddress, line2: storedAddress.line2 ?? "" } : current,
    );
  }, [storedAddress]);

  /** Gives the session this address and rate; its shipping, tax and total come back. */
  const quote = useCallback(
    async (body: NonNullable<typeof quoteBody>) => {
      const turn = ++latestQuote.current;
      setIsQuoting(true);
      try {
        const updated = await setSandboxShipping(body);
        if (turn !== latestQuote.current) return;
        queryClient.setQueryData(queryKeys.shop.sandboxSession(clientSecret), updated);
        setQuoted(JSON.stringify(body));
      } finally {
        if (turn === latestQuote.current) setIsQuoting(false);
      }
    },
    [clientSecret, queryClient],
  );

  // As the customer types, the tax follows the address once it is complete.
  useEffect(() => {
    if (!quoteKey || quoteKey === quoted) return;
    const timer = window.setTimeout(() => {
      void quote(JSON.parse(quoteKey)).catch(() => {
        // Said on submit, where the server's message names the field.
      });
    }, QUOTE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [quoteKey, quoted, quote]);
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<{ field: Field | null; message: string } | null>(null);
  const [isPaying, setIsPaying] = useState(false);
  // Guards a double click before React has re-rendered the busy button.
  const running = useRef(false);

  const goToReturn = (sessionId: string) =>
    navigate(`${paths.return}?session_id=${encodeURIComponent(sessionId)}`, { replace: true });

  // Already paid (a second tab, a retried request): straight to the return page.
  const paidSessionId = session.data?.status === "complete" ? session.data.id : null;
  useEffect(() => {
    if (paidSessionId)
      void navigate(`${paths.return}?session_id=${encodeURIComponent(paidSessionId)}`, { replace: true });
  }, [paidSessionId, navigate]);

  if (session.isPending || paidSessionId) return <PageSpinner />;
  if (session.isError) return <ErrorBox>{errorMessage(session.error, shopCopy.paymentUnavailable)}</ErrorBox>;
  const data = session.data;
  if (data.status === "expired") return <ErrorBox>{shopCopy.sessionExpired}</ErrorBox>;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running.current) return;
    const missing = addressProblem(address);
    if (missing) {
      setProblem(missing);
      document.getElementById(addressIds[missing.field])?.focus();
      return;
    }
    const found = cardProblem({ number, expiry, cvc, name });
    if (found) {
      setProblem(found);
      document.getElementById(ids[found.field])?.focus();
      return;
    }
    running.current = true;
    setProblem(null);
    setIsPaying(true);
    const digits = onlyDigits(expiry);
    try {
      if (quoteBody && quoteKey !== quoted) await quote(quoteBody);
      const paid = await paySandboxCheckout(clientSecret, {
        number: onlyDigits(number),
        expMonth: Number(digits.slice(0, 2)),
        expYear: 2000 + Number(digits.slice(2)),
        cvc: onlyDigits(cvc),
        name: name.trim(),
      });
      void goToReturn(paid.sessionId);
    } catch (cause) {
      setProblem({ field: null, message: errorMessage(cause, shopCopy.paymentFailed) });
      setIsPaying(false);
      running.current = false;
    }
  };

  const invalid = (field: Field) =>
    problem?.field === field ? { "aria-invalid": true as const, "aria-describedby": ids.error } : {};
  const edited = () => {
    if (problem) setProblem(null);
  };
  const editAddress = (field: AddressField, value: string) => {
    setAddress((current) => ({ ...current, [field]: value }));
    edited();
  };
  // The session's figures are shown once they are this address's and rate's; until then the rate's price, and
  // the tax waits for the address.
  const isQuoted = quoteKey !== null && quoteKey === quoted && data.shipping !== null;
  const shippingCents = isQuoted ? data.amountShippingCents : (findShippingRate(rate)?.amountCents ?? 0);
  const stateCode = isQuoted ? data.shipping?.address.state : undefined;
  const taxLabel =
    isQuoted && stateCode && data.taxRate !== null
      ? shippingTexts.taxWithRate(stateCode, data.taxRate)
      : shippingTexts.tax;
  const taxAmount = isQuoted
    ? formatCents(data.amountTaxCents)
    : isAddressReady || isQuoting
      ? shippingTexts.calculating
      : shippingTexts.taxPending;
  const total = formatCents(isQuoted ? data.amountTotalCents : data.amountSubtotalCents + shippingCents);

  return (
    <div className="sandbox-pay">
      <OrderSummary
        lines={data.lineItems}
        subtotalCents={data.amountSubtotalCents}
        shippingCents={shippingCents}
        taxLabel={taxLabel}
        taxAmount={taxAmount}
        total={total}
      />

      <form
        className="form sandbox-pay__form"
        onSubmit={(event) => void handleSubmit(event)}
        noValidate
        aria-busy={isPaying || undefined}
      >
        <p className="sandbox-pay__email">
          <span className="sandbox-pay__label">{shopCopy.emailLabel}</span>
          <span>{data.customerEmail}</span>
        </p>
        <ShippingFields
          ids={addressIds}
          address={address}
          onAddressChange={editAddress}
          rates={data.shippingOptions}
          rate={rate}
          onRateChange={(next) => {
            setChosenRate(next);
            edited();
          }}
          fieldState={invalid}
          disabled={isPaying}
        />
        <h3 className="shipping-fields__legend">{shippingTexts.paymentDetails}</h3>
        <SandboxCardFields
          ids={ids}
          copy={shopCopy}
          values={{ number, expiry, cvc }}
          onChange={{
            number: (event) => {
              setNumber(formatCardNumber(onlyDigits(event.target.value).slice(0, 19)));
              edited();
            },
            expiry: (event) => {
              const raw = event.target.value;
              // Backspace over " / " takes the month's last digit with it.
              const isDeletingSeparator =
                raw.length === expiry.length - 1 && onlyDigits(raw) === onlyDigits(expiry);
              setExpiry(formatExpiry(isDeletingSeparator ? onlyDigits(expiry).slice(0, -1) : raw));
              edited();
            },
            cvc: (event) => {
              setCvc(onlyDigits(event.target.value).slice(0, 4));
              edited();
            },
          }}
          fieldState={invalid}
          disabled={isPaying}
          pairClassName="form__grid sandbox-pay__pair"
          cvcPlaceholder="123"
          cvcMaxLength={4}
        />
        <TextField
          id={ids.name}
          label={shopCopy.nameOnCard}
          name="cc-name"
          autoComplete="cc-name"
          autoCapitalize="words"
          spellCheck={false}
          maxLength={100}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            edited();
          }}
          disabled={isPaying}
          {...invalid("name")}
        />
        {problem ? (
          <p className="notice notice--error" role="alert" id={ids.error}>
            {problem.message}
          </p>
        ) : null}
        <Button type="submit" block className="btn--large" busy={isPaying}>
          {isPaying ? shopCopy.paying : shopCopy.payAmount(total)}
        </Button>
        <p className="sandbox-pay__note">
          {shopCopy.sandboxNote} <span className="nowrap">{shopCopy.sandboxTestCard}</span>{" "}
          {shopCopy.declinedHint}
        </p>
      </form>
    </div>
  );
}
