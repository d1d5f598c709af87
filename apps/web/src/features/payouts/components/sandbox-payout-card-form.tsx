import { SandboxCardForm } from "../../../components/card-entry/sandbox-card-form";
import { payoutsCopy } from "../copy";
import { useAddPayoutCardForm } from "../use-add-payout-card";

/** Add payout card in the sandbox: debit cards only; the token is attached to the player's connected account. */
export function SandboxPayoutCardForm() {
  const form = useAddPayoutCardForm();
  return (
    <SandboxCardForm
      copy={payoutsCopy}
      lead={payoutsCopy.debitOnly}
      form={form}
      fromToken={(token) => ({ tokenId: token.id })}
    />
  );
}
