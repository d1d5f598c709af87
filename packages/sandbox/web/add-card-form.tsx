import type { CardBrand } from "@mx/shared/cards";
import { asBrand, SandboxCardForm } from "./card-form";
import {
  type SandboxCardEntryParts,
  type SandboxCardFormCopy,
  type SandboxCardSubmit,
  type SandboxWebHost,
  SandboxWebHostProvider,
} from "./host";

/** What Add Card saves: the sandbox's token, with the card's last 4 and scheme as the token tells them. */
interface SandboxNewCard {
  card: { token: string; last4: string; brand: CardBrand };
}

export interface SandboxAddCardFormProps<C extends SandboxCardFormCopy> {
  host: SandboxWebHost;
  parts: SandboxCardEntryParts<C>;
  copy: C;
  /** The app's Add Card submit: it saves the card and leaves. */
  form: SandboxCardSubmit<SandboxNewCard>;
}

/** Add Card in the sandbox: the card is saved with its last 4 and scheme, as the token tells them. */
export default function SandboxAddCardForm<C extends SandboxCardFormCopy>({
  host,
  parts,
  copy,
  form,
}: SandboxAddCardFormProps<C>) {
  return (
    <SandboxWebHostProvider host={host}>
      <SandboxCardForm
        copy={copy}
        parts={parts}
        form={form}
        fromToken={(token, digits) => ({
          card: {
            token: token.id,
            last4: token.card.last4 || digits.slice(-4),
            brand: asBrand(token.card.brand),
          },
        })}
      />
    </SandboxWebHostProvider>
  );
}
