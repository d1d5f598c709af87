import { texts } from "@mx/shared/messages";
import type { FormEvent, ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { cardsCopy } from "../copy";

interface CardFormFrameProps {
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

/** What both card forms share: the cardholder name, the card fields, the error line and 'Add Card'. */
export function CardFormFrame({
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
      <TextField
        id={nameId}
        label={cardsCopy.nameOnCard}
        name="cc-name"
        autoComplete="cc-name"
        autoCapitalize="words"
        spellCheck={false}
        placeholder={cardsCopy.namePlaceholder}
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
        {isBusy ? cardsCopy.adding : texts.addCard}
      </Button>
      <p className="card-form__note">{cardsCopy.secureNote}</p>
      {note ? <p className="card-form__note">{note}</p> : null}
    </form>
  );
}
