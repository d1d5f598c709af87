import { errors } from "@mx/shared/messages";
import { useId, useState } from "react";
import { CardFormFrame } from "../../../components/card-entry/card-form-frame";
import { SandboxCardFields } from "../../../components/card-entry/sandbox-card-fields";
import { useCardholderName } from "../../../components/card-entry/use-cardholder-name";
import { errorMessage } from "../../../lib/api-client";
import {
  type CardField,
  expiryAfterEdit,
  formatCardNumber,
  onlyDigits,
  parseExpiry,
} from "../../../lib/card-input";
import { createSandboxToken } from "../../../lib/sandbox-token";
import { cardProblem, formatExpiry } from "../card-entry";
import { payoutsCopy } from "../copy";
import { useAddPayoutCardForm } from "../use-add-payout-card";

/**
 * The sandbox's payout card form: our own inputs with the fields and error line of Stripe's Card Element.
 * The number lives in this component's state only; it is sent once, to the sandbox tokeniser.
 */
export function SandboxPayoutCardForm() {
  const ids = { name: useId(), number: useId(), expiry: useId(), cvc: useId(), error: useId() };
  const form = useAddPayoutCardForm();
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const { name, isNameInvalid, checkName, changeName } = useCardholderName(ids.name);
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
    const trimmed = checkName();
    if (trimmed === null) return;
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
        const token = await createSandboxToken({
          number: onlyDigits(number),
          expMonth: date.month,
          expYear: date.year,
          cvc: onlyDigits(cvc),
          name: trimmed,
        });
        return { tokenId: token.id };
      } catch (cause) {
        return { error: errorMessage(cause, errors.createCardTokenFailed) };
      }
    });
  };

  return (
    <CardFormFrame
      copy={payoutsCopy}
      lead={payoutsCopy.debitOnly}
      name={name}
      onNameChange={(value) => {
        changeName(value);
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
      <SandboxCardFields
        ids={ids}
        copy={payoutsCopy}
        values={{ number, expiry, cvc }}
        onChange={{
          number: (event) => {
            setNumber(formatCardNumber(onlyDigits(event.currentTarget.value).slice(0, 19)));
            edited();
          },
          expiry: (event) => {
            setExpiry(expiryAfterEdit(event.currentTarget.value, expiry, formatExpiry));
            edited();
          },
          cvc: (event) => {
            setCvc(onlyDigits(event.currentTarget.value).slice(0, 4));
            edited();
          },
        }}
        fieldState={fieldState}
        disabled={form.isBusy}
        numberClassName="card-form__number"
        pairClassName="card-form__pair"
        cvcPlaceholder="123"
        cvcMaxLength={4}
      />
    </CardFormFrame>
  );
}
