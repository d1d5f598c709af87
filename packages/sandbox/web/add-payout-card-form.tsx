import { SandboxCardForm } from "./card-form";
import {
  type SandboxCardEntryParts,
  type SandboxCardFormCopy,
  type SandboxCardSubmit,
  type SandboxWebHost,
  SandboxWebHostProvider,
} from "./host";

/** What Add payout card saves: the sandbox's token, attached to the player's connected account. */
interface SandboxNewPayoutCard {
  tokenId: string;
}

export interface SandboxPayoutCardFormProps<C extends SandboxCardFormCopy> {
  host: SandboxWebHost;
  parts: SandboxCardEntryParts<C>;
  copy: C;
  /** Above the fields: debit cards only. */
  lead: string;
  /** The app's Add payout card submit: it attaches the card and leaves. */
  form: SandboxCardSubmit<SandboxNewPayoutCard>;
}

/** Add payout card in the sandbox: debit cards only; the token is attached to the player's connected account. */
export default function SandboxPayoutCardForm<C extends SandboxCardFormCopy>({
  host,
  parts,
  copy,
  lead,
  form,
}: SandboxPayoutCardFormProps<C>) {
  return (
    <SandboxWebHostProvider host={host}>
      <SandboxCardForm
        copy={copy}
        parts={parts}
        lead={lead}
        form={form}
        fromToken={(token) => ({ tokenId: token.id })}
      />
    </SandboxWebHostProvider>
  );
}
