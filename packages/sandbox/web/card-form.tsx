import { errors } from "@mx/shared/messages";
import { type ChangeEvent, useId, useLayoutEffect, useRef, useState } from "react";
import { SandboxCardFields } from "./card-fields";
import {
  type CardBrand,
  type CardField,
  caretAfterDigits,
  checkCvc,
  checkExpiry,
  checkNumber,
  cvcLength,
  detectBrand,
  expiryAfterEdit,
  type FieldProblem,
  formatCardNumber,
  formatExpiry,
  maxNumberLength,
  onlyDigits,
  parseExpiry,
} from "./card-input";
import {
  type SandboxCardEntryParts,
  type SandboxCardFormCopy,
  type SandboxCardSubmit,
  useSandboxWebHost,
} from "./host";
import { createSandboxToken, type SandboxToken } from "./token";

export interface SandboxCardFormProps<T extends object, C extends SandboxCardFormCopy> {
  /** The screen's copy; the app's frame reads the rest of it. */
  copy: C;
  /** The app's frame, cardholder-name hook, scheme chip and scheme names. */
  parts: SandboxCardEntryParts<C>;
  /** Above the fields: which cards the form takes. */
  lead?: string;
  /** The screen's submit: it saves what `fromToken` makes of the token, then leaves. */
  form: SandboxCardSubmit<T>;
  /** What the screen saves, from the sandbox's token and the card's digits. */
  fromToken: (token: SandboxToken, digits: string) => T;
}

const KNOWN_BRANDS: readonly string[] = [
  "visa",
  "mastercard",
  "amex",
  "discover",
  "diners",
  "jcb",
  "unionpay",
] satisfies CardBrand[];

/** The sandbox token's brand as a known scheme, or "other". */
export function asBrand(value: string): CardBrand {
  const brand = value.toLowerCase();
  return KNOWN_BRANDS.includes(brand) ? (brand as CardBrand) : "other";
}

/**
 * The sandbox's card form (Add Card, Add payout card): our own inputs with the fields, checks and error line of
 * Stripe's Card Element. The number lives in this component's state only; it is sent once, to the sandbox tokeniser.
 */
export function SandboxCardForm<T extends object, C extends SandboxCardFormCopy>({
  copy,
  parts,
  lead,
  form: addCard,
  fromToken,
}: SandboxCardFormProps<T, C>) {
  const { request, errorMessage } = useSandboxWebHost();
  const { CardFormFrame, useCardholderName, CardChip, brandLabel } = parts;
  const { brandDetected } = copy;
  const ids = {
    name: useId(),
    number: useId(),
    expiry: useId(),
    cvc: useId(),
    error: useId(),
  };
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const { name, isNameInvalid, checkName, changeName } = useCardholderName(ids.name);
  // Like Stripe: an unfinished field is reported once the player leaves it or submits.
  const [left, setLeft] = useState<Record<CardField, boolean>>({ number: false, expiry: false, cvc: false });

  // Formatting rewrites the number; the caret stays after the same digit.
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const input = document.getElementById(ids.number);
    const caret = pendingCaret.current;
    pendingCaret.current = null;
    if (input instanceof HTMLInputElement && caret !== null && document.activeElement === input) {
      input.setSelectionRange(caret, caret);
    }
  });

  const digits = onlyDigits(number);
  const brand = detectBrand(digits);
  const problems: Record<CardField, FieldProblem | null> = {
    number: checkNumber(digits),
    expiry: checkExpiry(expiry),
    cvc: checkCvc(cvc, brand),
  };
  const shown = (field: CardField) => {
    const problem = problems[field];
    return problem && (problem.kind === "invalid" || left[field]) ? problem : null;
  };
  const fieldInError = (["number", "expiry", "cvc"] as const).find((field) => shown(field));
  const message =
    (isNameInvalid ? copy.nameRequired : null) ??
    (fieldInError ? (shown(fieldInError)?.message ?? null) : null) ??
    addCard.error;

  const fieldState = (field: CardField) => {
    const isInvalid = !isNameInvalid && fieldInError === field;
    return {
      "aria-invalid": isInvalid || undefined,
      "aria-describedby": isInvalid ? ids.error : undefined,
    };
  };

  const edited = () => {
    if (addCard.error) addCard.setError(null);
  };

  const handleNumber = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const caret = input.selectionStart ?? input.value.length;
    let before = onlyDigits(input.value.slice(0, caret)).length;
    let next = onlyDigits(input.value);
    // Backspace over a space removes the digit before it, not only the space.
    if (next === digits && input.value.length < number.length && before > 0) {
      next = next.slice(0, before - 1) + next.slice(before);
      before -= 1;
    }
    next = next.slice(0, maxNumberLength(detectBrand(next)));
    const formatted = formatCardNumber(next);
    pendingCaret.current = caretAfterDigits(formatted, Math.min(before, next.length));
    setNumber(formatted);
    setCvc((current) => current.slice(0, cvcLength(detectBrand(next))));
    edited();
  };

  const handleExpiry = (event: ChangeEvent<HTMLInputElement>) => {
    setExpiry(expiryAfterEdit(event.currentTarget.value, expiry, formatExpiry));
    edited();
  };

  const handleCvc = (event: ChangeEvent<HTMLInputElement>) => {
    setCvc(onlyDigits(event.currentTarget.value).slice(0, cvcLength(brand)));
    edited();
  };

  const leave = (field: CardField) => () => {
    // An empty field is not reported on its own: the player may not have reached it yet.
    const value = { number: digits, expiry, cvc }[field];
    if (value) setLeft((current) => ({ ...current, [field]: true }));
  };

  const focus = (id: string) => document.getElementById(id)?.focus();

  const handleSubmit = () => {
    setLeft({ number: true, expiry: true, cvc: true });
    const trimmed = checkName();
    if (trimmed === null) return;
    const firstProblem = (["number", "expiry", "cvc"] as const).find((field) => problems[field]);
    if (firstProblem) {
      addCard.setError(null);
      focus(ids[firstProblem]);
      return;
    }
    const date = parseExpiry(expiry);
    if (!date) return;
    void addCard.submit(async () => {
      try {
        const token = await createSandboxToken(request, {
          number: digits,
          expMonth: date.month,
          expYear: date.year,
          cvc,
          name: trimmed,
        });
        return fromToken(token, digits);
      } catch (cause) {
        return { error: errorMessage(cause, errors.createCardTokenFailed) };
      }
    });
  };

  return (
    <CardFormFrame
      copy={copy}
      lead={lead}
      name={name}
      onNameChange={(value) => {
        changeName(value);
        edited();
      }}
      nameId={ids.name}
      isNameInvalid={isNameInvalid}
      error={message}
      errorId={ids.error}
      isBusy={addCard.isBusy}
      onSubmit={handleSubmit}
      note={
        <>
          {copy.sandboxNote} <span className="nowrap">{copy.sandboxTestCard}</span>.
        </>
      }
    >
      <SandboxCardFields
        ids={ids}
        copy={copy}
        values={{ number, expiry, cvc }}
        onChange={{ number: handleNumber, expiry: handleExpiry, cvc: handleCvc }}
        onLeave={leave}
        fieldState={fieldState}
        disabled={addCard.isBusy}
        numberClassName={brandDetected ? "card-form__number card-form__number--branded" : "card-form__number"}
        numberTrailing={
          brandDetected ? (
            <>
              {brand === "other" ? null : <CardChip scheme={brand} className="card-form__brand" />}
              {/* Screen readers hear the scheme once it is known, as sighted players see the chip. */}
              <span className="visually-hidden" aria-live="polite">
                {brand === "other" ? "" : brandDetected(brandLabel(brand))}
              </span>
            </>
          ) : null
        }
        pairClassName="card-form__pair"
        cvcPlaceholder={brand === "amex" ? "1234" : "123"}
        cvcMaxLength={cvcLength(brand)}
      />
    </CardFormFrame>
  );
}
