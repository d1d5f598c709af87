import { SandboxCardFields } from "./card-fields";
import { formatCardNumber, onlyDigits } from "./card-input";
import type { SandboxWebHost } from "./host";
import { type CardFieldName, formatExpiry, type SandboxPaymentCopy } from "./payment-copy";

/** A new card as the customer types it. */
export type NewCard = { number: string; expiry: string; cvc: string; name: string };

/** A new card's fields: number, expiry and CVC formatted as typed, and the name on the card. */
export function NewCardFields({
  ids,
  copy,
  card: { number, expiry, cvc, name },
  onCardChange,
  TextField,
  invalid,
  isPaying,
}: {
  ids: Record<CardFieldName, string>;
  copy: SandboxPaymentCopy;
  card: NewCard;
  onCardChange: (change: Partial<NewCard>) => void;
  TextField: SandboxWebHost["ui"]["TextField"];
  invalid: (field: CardFieldName) => object;
  isPaying: boolean;
}) {
  return (
    <>
      <SandboxCardFields
        ids={ids}
        copy={copy}
        values={{ number, expiry, cvc }}
        onChange={{
          number: (event) => {
            onCardChange({ number: formatCardNumber(onlyDigits(event.target.value).slice(0, 19)) });
          },
          expiry: (event) => {
            const raw = event.target.value;
            // Backspace over " / " takes the month's last digit with it.
            const isDeletingSeparator =
              raw.length === expiry.length - 1 && onlyDigits(raw) === onlyDigits(expiry);
            onCardChange({
              expiry: formatExpiry(isDeletingSeparator ? onlyDigits(expiry).slice(0, -1) : raw),
            });
          },
          cvc: (event) => {
            onCardChange({ cvc: onlyDigits(event.target.value).slice(0, 4) });
          },
        }}
        fieldState={invalid}
        disabled={isPaying}
        pairClassName="form__grid shop-pay__pair"
        cvcPlaceholder="123"
        cvcMaxLength={4}
      />
      <TextField
        id={ids.name}
        label={copy.nameOnCard}
        name="cc-name"
        autoComplete="cc-name"
        autoCapitalize="words"
        spellCheck={false}
        maxLength={100}
        value={name}
        onChange={(event) => {
          onCardChange({ name: event.target.value });
        }}
        disabled={isPaying}
        {...invalid("name")}
      />
    </>
  );
}
