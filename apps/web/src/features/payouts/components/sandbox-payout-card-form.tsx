import { errors } from "@mx/shared/messages";
import { type ChangeEvent, useId, useState } from "react";
import { TextField } from "../../../components/ui/text-field";
import { errorMessage } from "../../../lib/api-client";
import { createSandboxToken } from "../api/create-sandbox-token";
import {
  type CardField,
  cardProblem,
  formatCardNumber,
  formatExpiry,
  onlyDigits,
  parseExpiry,
} from "../card-entry";
import { payoutsCopy } from "../copy";
import { useAddPayoutCardForm } from "../use-add-payout-card";
import { PayoutCardFormFrame } from "./payout-card-form-frame";

/**
 * The sandbox's payout card form: our own inputs with the fields and error line of Stripe's Card Element.
 * The number lives in this component's state only; it is sent once, to the sandbox tokeniser.
 */
export function SandboxPayoutCardForm() {
  const ids = { name: useId(), number: useId(), expiry: useId(), cvc: useId(), error: useId() };
  const form = useAddPayoutCardForm();
  const [name, setName] = useState("");
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [isNameInvalid, setIsNameInvalid] = useState(false);
  const [invalidField, setInvalidField] = useState<CardField | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const edited = () => {
    setProblem(null);
    setInvalidField(null);
    if (form.error) form.setError(null);
  };

  const fieldState = (field: CardField) =>
    invalidField === field ? { "aria-invalid": true, "aria-describedby": ids.error } : {};

  const handleSubmit = () => {
    const trimmed = name.trim();
    setName(trimmed);
    if (!trimmed) {
      setIsNameInvalid(true);
      document.getElementById(ids.name)?.focus();
      return;
    }
    setIsNameInvalid(false);
    const found = cardProblem({ number, expiry, cvc });
    if (found) {
      setInvalidField(found.field);
      setProblem(found.message);
      document.getElementById(ids[found.field])?.focus();
      return;
    }
    const date = parseExpiry(expiry);
    if (!date) return;
    void form.submit(async () => {
      try {
        const tokenId = await createSandboxToken({
          number: onlyDigits(number),
          expMonth: date.month,
          expYear: date.year,
          cvc: onlyDigits(cvc),
          name: trimmed,
        });
        return { tokenId };
      } catch (cause) {
        return { error: errorMessage(cause, errors.createCardTokenFailed) };
      }
    });
  };

  return (
    <PayoutCardFormFrame
      name={name}
      onNameChange={(value) => {
        setName(value);
        if (value.trim()) setIsNameInvalid(false);
        edited();
      }}
      nameId={ids.name}
      isNameInvalid={isNameInvalid}
      error={(isNameInvalid ? payoutsCopy.nameRequired : null) ?? problem ?? form.error}
      errorId={ids.error}
      isBusy={form.isBusy}
      onSubmit={handleSubmit}
      note={
        <>
          {payoutsCopy.sandboxNote} <span className="nowrap">{payoutsCopy.sandboxTestCard}</span>.
        </>
      }
    >
      <TextField
        id={ids.number}
        className="payouts-form__number"
        label={payoutsCopy.cardNumber}
        name="cc-number"
        type="text"
        inputMode="numeric"
        autoComplete="cc-number"
        autoCorrect="off"
        spellCheck={false}
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        value={number}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          setNumber(formatCardNumber(onlyDigits(event.currentTarget.value).slice(0, 19)));
          edited();
        }}
        disabled={form.isBusy}
        {...fieldState("number")}
      />
      <div className="payouts-form__pair">
        <TextField
          id={ids.expiry}
          label={payoutsCopy.expiry}
          name="cc-exp"
          type="text"
          inputMode="numeric"
          autoComplete="cc-exp"
          autoCorrect="off"
          spellCheck={false}
          placeholder={payoutsCopy.expiryPlaceholder}
          maxLength={7}
          value={expiry}
          onChange={(event) => {
            const raw = event.currentTarget.value;
            // Backspace over " / " takes the month's last digit with it.
            const shrinking = raw.length < expiry.length && onlyDigits(raw) === onlyDigits(expiry);
            setExpiry(formatExpiry(shrinking ? onlyDigits(expiry).slice(0, -1) : raw));
            edited();
          }}
          disabled={form.isBusy}
          {...fieldState("expiry")}
        />
        <TextField
          id={ids.cvc}
          label={payoutsCopy.cvc}
          name="cc-csc"
          type="text"
          inputMode="numeric"
          autoComplete="cc-csc"
          autoCorrect="off"
          spellCheck={false}
          placeholder="123"
          maxLength={4}
          value={cvc}
          onChange={(event) => {
            setCvc(onlyDigits(event.currentTarget.value).slice(0, 4));
            edited();
          }}
          disabled={form.isBusy}
          {...fieldState("cvc")}
        />
      </div>
    </PayoutCardFormFrame>
  );
}
