import { texts } from "@mx/shared/messages";
import type { FormEvent, ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { payoutsCopy } from "../copy";

interface PayoutCardFormFrameProps {
  name: string;
  onNameChange: (name: string) => void;
  nameId: string;
  isNameInvalid: boolean;
  /** The card fields: our own inputs (sandbox) or Stripe's Card Element. */
  children: ReactNode;
  /** The one message under the form. */
  error: string | null;
  errorId: string;
  isBusy: boolean;
  onSubmit: () => void;
  note?: ReactNode;
}

/** What both payout card forms share: the cardholder name, the card fields, the error line and 'Add Card'. */
export function PayoutCardFormFrame({
  name,
  onNameChange,
  nameId,
  isNameInvalid,
  children,
  error,
  errorId,
  isBusy,
  onSubmit,
  note,
}: PayoutCardFormFrameProps) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="form payouts-form" onSubmit={handleSubmit} noValidate aria-busy={isBusy || undefined}>
      <p className="payouts-form__lead">{payoutsCopy.debitOnly}</p>
      <TextField
        id={nameId}
        label={payoutsCopy.nameOnCard}
        name="cc-name"
        autoComplete="cc-name"
        autoCapitalize="words"
        spellCheck={false}
        placeholder={payoutsCopy.namePlaceholder}
        maxLength={100}
        required
        aria-invalid={isNameInvalid || undefined}
        aria-describedby={isNameInvalid ? errorId : undefined}
        value={name}
        onChange={(event) => onNameChange(event.target.value)}
        disabled={isBusy}
      />
      {children}
      {error ? (
        <p className="notice notice--error payouts-form__error" role="alert" id={errorId}>
          {error}
        </p>
      ) : null}
      <Button type="submit" block className="btn--large" busy={isBusy}>
        {isBusy ? payoutsCopy.adding : texts.addCard}
      </Button>
      <p className="payouts-form__note">{payoutsCopy.secureNote}</p>
      {note ? <p className="payouts-form__note">{note}</p> : null}
    </form>
  );
}
