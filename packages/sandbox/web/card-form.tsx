import { errors } from "@mx/shared/messages";
import { useId } from "react";
import { SandboxCardFields } from "./card-fields";
import { type CardBrand, type CardField, cvcLength, parseExpiry } from "./card-input";
import {
  type SandboxCardEntryParts,
  type SandboxCardFormCopy,
  type SandboxCardSubmit,
  type SandboxWebHost,
  useSandboxWebHost,
} from "./host";
import { createSandboxToken, type SandboxToken } from "./token";
import { useCardEntry } from "./use-card-entry";

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
  const host = useSandboxWebHost();
  const { CardFormFrame, useCardholderName, CardChip, brandLabel } = parts;
  const { brandDetected } = copy;
  const ids = useCardFormIds();
  const edited = () => {
    if (addCard.error) addCard.setError(null);
  };
  const { name, isNameInvalid, checkName, changeName } = useCardholderName(ids.name);
  const { number, expiry, cvc, digits, brand, problems, shown, handlers, leave, leaveAll } = useCardEntry(
    ids.number,
    edited,
  );
  const { message, fieldState } = errorLine(copy, isNameInvalid, shown, addCard.error, ids.error);

  const handleSubmit = () => {
    leaveAll();
    const trimmed = checkName();
    if (trimmed === null) return;
    const firstProblem = (["number", "expiry", "cvc"] as const).find((field) => problems[field]);
    if (firstProblem) {
      addCard.setError(null);
      document.getElementById(ids[firstProblem])?.focus();
      return;
    }
    const date = parseExpiry(expiry);
    if (!date) return;
    const card = { number: digits, expMonth: date.month, expYear: date.year, cvc, name: trimmed };
    void addCard.submit(() => tokenise(host, card, fromToken));
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
        onChange={handlers}
        onLeave={leave}
        fieldState={fieldState}
        disabled={addCard.isBusy}
        numberClassName={brandDetected ? "card-form__number card-form__number--branded" : "card-form__number"}
        numberTrailing={
          brandDetected ? (
            <BrandTrail brand={brand} announce={brandDetected} CardChip={CardChip} brandLabel={brandLabel} />
          ) : null
        }
        pairClassName="card-form__pair"
        cvcPlaceholder={brand === "amex" ? "1234" : "123"}
        cvcMaxLength={cvcLength(brand)}
      />
    </CardFormFrame>
  );
}

/** The ids of the form's fields and of its error line. */
function useCardFormIds() {
  return {
    name: useId(),
    number: useId(),
    expiry: useId(),
    cvc: useId(),
    error: useId(),
  };
}

/**
 * The form's error line and which field it points at: a missing name first, then the first card field with a
 * problem shown, then the submit's own error.
 */
function errorLine(
  copy: SandboxCardFormCopy,
  isNameInvalid: boolean,
  shown: ReturnType<typeof useCardEntry>["shown"],
  submitError: string | null,
  errorId: string,
) {
  const fieldInError = (["number", "expiry", "cvc"] as const).find((field) => shown(field));
  const message =
    (isNameInvalid ? copy.nameRequired : null) ??
    (fieldInError ? (shown(fieldInError)?.message ?? null) : null) ??
    submitError;

  const fieldState = (field: CardField) => {
    const isInvalid = !isNameInvalid && fieldInError === field;
    return {
      "aria-invalid": isInvalid || undefined,
      "aria-describedby": isInvalid ? errorId : undefined,
    };
  };
  return { message, fieldState };
}

/** After the number, once its scheme is known: the scheme's chip, and its name for screen readers. */
function BrandTrail({
  brand,
  announce,
  CardChip,
  brandLabel,
}: { brand: CardBrand; announce: (brand: string) => string } & Pick<
  SandboxCardEntryParts<SandboxCardFormCopy>,
  "CardChip" | "brandLabel"
>) {
  return (
    <>
      {brand === "other" ? null : <CardChip scheme={brand} className="card-form__brand" />}
      {/* Screen readers hear the scheme once it is known, as sighted players see the chip. */}
      <span className="visually-hidden" aria-live="polite">
        {brand === "other" ? "" : announce(brandLabel(brand))}
      </span>
    </>
  );
}

/** Sends the card to the sandbox tokeniser, once: what the screen saves from the token, or the refusal's words. */
async function tokenise<T extends object>(
  { request, errorMessage }: Pick<SandboxWebHost, "request" | "errorMessage">,
  card: { number: string; expMonth: number; expYear: number; cvc: string; name: string },
  fromToken: (token: SandboxToken, digits: string) => T,
): Promise<T | { error: string }> {
  try {
    return fromToken(await createSandboxToken(request, card), card.number);
  } catch (cause) {
    return { error: errorMessage(cause, errors.createCardTokenFailed) };
  }
}
