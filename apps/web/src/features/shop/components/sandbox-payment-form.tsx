import { formatCents } from "@mx/shared/money";
import { paths } from "@mx/shared/routes";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { PageSpinner } from "../../../components/ui/spinner";
import { TextField } from "../../../components/ui/text-field";
import { errorMessage } from "../../../lib/api-client";
import { paySandboxCheckout, useSandboxCheckoutSession } from "../api/sandbox-checkout";
import { shopCopy } from "../copy";

type Field = "number" | "expiry" | "cvc" | "name";

const digitsOf = (value: string) => value.replace(/\D/g, "");

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const isAmex = (digits: string) => /^3[47]/.test(digits);

/** "4242 4242 4242 4242" as it is typed (American Express 4-6-5). */
function formatNumber(digits: string): string {
  const groups = isAmex(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(" ");
}

function formatExpiry(raw: string): string {
  let digits = digitsOf(raw);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** The first problem with the card, in Stripe's words, so both providers read the same. */
function cardProblem(card: { number: string; expiry: string; cvc: string; name: string }, now = new Date()) {
  const digits = digitsOf(card.number);
  if (digits.length < 12 || !luhn(digits)) {
    const isShort = digits.length < (isAmex(digits) ? 15 : 16);
    return {
      field: "number" as const,
      message: isShort ? shopCopy.numberIncomplete : shopCopy.numberInvalid,
    };
  }
  const expiry = digitsOf(card.expiry);
  if (expiry.length < 4) return { field: "expiry" as const, message: shopCopy.expiryIncomplete };
  const month = Number(expiry.slice(0, 2));
  const year = 2000 + Number(expiry.slice(2));
  if (month < 1 || month > 12) return { field: "expiry" as const, message: shopCopy.expiryMonthInvalid };
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    return { field: "expiry" as const, message: shopCopy.expiryPast };
  }
  if (digitsOf(card.cvc).length < (isAmex(digits) ? 4 : 3)) {
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
    const digits = digitsOf(expiry);
    try {
      const paid = await paySandboxCheckout(clientSecret, {
        number: digitsOf(number),
        expMonth: Number(digits.slice(0, 2)),
        expYear: 2000 + Number(digits.slice(2)),
        cvc: digitsOf(cvc),
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
        <TextField
          id={ids.number}
          label={shopCopy.cardNumber}
          name="cc-number"
          inputMode="numeric"
          autoComplete="cc-number"
          autoCorrect="off"
          spellCheck={false}
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          value={number}
          onChange={(event) => {
            setNumber(formatNumber(digitsOf(event.target.value).slice(0, 19)));
            edited();
          }}
          disabled={isPaying}
          {...invalid("number")}
        />
        <div className="form__grid sandbox-pay__pair">
          <TextField
            id={ids.expiry}
            label={shopCopy.expiry}
            name="cc-exp"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={shopCopy.expiryPlaceholder}
            maxLength={7}
            value={expiry}
            onChange={(event) => {
              const raw = event.target.value;
              // Backspace over " / " takes the month's last digit with it.
              const isDeletingSeparator =
                raw.length === expiry.length - 1 && digitsOf(raw) === digitsOf(expiry);
              setExpiry(formatExpiry(isDeletingSeparator ? digitsOf(expiry).slice(0, -1) : raw));
              edited();
            }}
            disabled={isPaying}
            {...invalid("expiry")}
          />
          <TextField
            id={ids.cvc}
            label={shopCopy.cvc}
            name="cc-csc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={cvc}
            onChange={(event) => {
              setCvc(digitsOf(event.target.value).slice(0, 4));
              edited();
            }}
            disabled={isPaying}
            {...invalid("cvc")}
          />
        </div>
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
