import SandboxPayoutCardForm from "@mx/sandbox/web/add-payout-card-form";
import { payoutsCopy } from "../../features/payouts/copy";
import { useAddPayoutCardForm } from "../../features/payouts/use-add-payout-card";
import { cardEntryParts } from "../card-entry-parts";
import { sandboxHost } from "../host";

/** Add payout card in the sandbox: the sandbox's card form, attaching through this app's Add payout card. */
export default function SandboxAddPayoutCard() {
  const form = useAddPayoutCardForm();
  return (
    <SandboxPayoutCardForm
      host={sandboxHost}
      parts={cardEntryParts}
      copy={payoutsCopy}
      lead={payoutsCopy.debitOnly}
      form={form}
    />
  );
}
