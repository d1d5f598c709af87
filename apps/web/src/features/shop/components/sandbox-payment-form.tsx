import { formatCents } from "@mx/shared/money";
import { paths } from "@mx/shared/routes";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { SandboxCardFields } from "../../../components/card-entry/sandbox-card-fields";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { PageSpinner } from "../../../components/ui/spinner";
import { TextField } from "../../../components/ui/text-field";
import { errorMessage } from "../../../lib/api-client";
import { detectBrand, formatCardNumber, onlyDigits, passesLuhn } from "../../../lib/card-input";
import { paySandboxCheckout, useSandboxCheckoutSession } from "../api/sandbox-checkout";
import { shopCopy } from "../copy";

type Field = "number" | "expiry" | "cvc" | "name";

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
export function SandboxPaymentForm({ clientSecret }: { clientSecret: string }) {
  const session = useSandboxCheckoutSession(clientSecret);
  const navigate = useNavigate();
  const ids = { number: useId(), expiry: useId(), cvc: useId(), name: useId(), error: useId() };
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
  const total = formatCents(data.amountTotalCents);

  return (
    <div className="sandbox-pay">
      <section className="sandbox-pay__summary" aria-labelledby="order-summary-title">
        <h2 id="order-summary-title" className="sandbox-pay__heading">
          {shopCopy.orderSummary}
        </h2>
        <ul className="sandbox-pay__lines">
          {data.lineItems.map((line) => (
            <li key={line.name}>
              <span>
                {line.quantity} × {line.name}
              </span>
              <span>{formatCents(line.unitAmountCents * line.quantity)}</span>
            </li>
          ))}
        </ul>
        <p className="sandbox-pay__total">
          <span>{shopCopy.total}</span>
          <span data-testid="payment-total">{total}</span>
        </p>
      </section>

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
