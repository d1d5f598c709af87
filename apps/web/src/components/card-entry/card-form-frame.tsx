import { texts } from "@mx/shared/messages";
import type { FormEvent, ReactNode } from "react";
import { Button } from "../ui/button";
import { TextField } from "../ui/text-field";
import "./card-entry.css";

/** The words a card form shows; each feature brings its own. */
export interface CardFormCopy {
  nameOnCard: string;
  namePlaceholder: string;
  nameRequired: string;
  adding: string;
  secureNote: string;
  cardNumber: string;
  cardDetails: string;
  expiry: string;
  expiryPlaceholder: string;
  cvc: string;
  stripeLoading: string;
  stripeUnavailable: string;
}

interface CardFormFrameProps {
  copy: CardFormCopy;
  /** A line above the fields (what kind of card the form takes). */
  lead?: ReactNode;
  name: string;
  onNameChange: (name: string) => void;
  nameId: string;
  isNameInvalid: boolean;
  /** The card fields: our own inputs (sandbox) or Stripe's Card Element. */
  children: ReactNode;
  /** The one message under the form, where Stripe Elements shows its own. */
  error: string | null;
  errorId: string;
  isBusy: boolean;
  onSubmit: () => void;
  /** A line under the button (the sandbox's test-card note). */
  note?: ReactNode;
}

/** What every Add Card form shares: the cardholder name, the card fields, the error line and 'Add Card'. */
export function CardFormFrame({
  copy,
  lead,
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
}: CardFormFrameProps) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="form card-form" onSubmit={handleSubmit} noValidate aria-busy={isBusy || undefined}>
      {lead ? <p className="card-form__lead">{lead}</p> : null}
      <TextField
        id={nameId}
        label={copy.nameOnCard}
        name="cc-name"
        autoComplete="cc-name"
        autoCapitalize="words"
        spellCheck={false}
        placeholder={copy.namePlaceholder}
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
        <p className="notice notice--error card-form__error" role="alert" id={errorId}>
          {error}
        </p>
      ) : null}
      <Button type="submit" block className="btn--large" busy={isBusy}>
        {isBusy ? copy.adding : texts.addCard}
      </Button>
      <p className="card-form__note">{copy.secureNote}</p>
      {note ? <p className="card-form__note">{note}</p> : null}
    </form>
  );
}
