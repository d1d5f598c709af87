import { payoutsCopy } from "../../features/payouts/copy";
import { useAddPayoutCardForm } from "../../features/payouts/use-add-payout-card";
import { SandboxCardForm } from "../card-entry/card-form";

/** Add payout card in the sandbox: debit cards only; the token is attached to the player's connected account. */
export default function SandboxPayoutCardForm() {
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
