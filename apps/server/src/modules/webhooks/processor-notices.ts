import type { ProcessorNotices } from "@mx/processors/gateway";
import type { AppDeps } from "../../deps";
import { handleDisputeNotice } from "../disputes/apply-dispute";
import { handleFraudWarningNotice } from "../disputes/fraud-warning";
import { syncPayoutAccount } from "../payouts/payout-account";
import { completeOrder } from "../shop/complete-order";

/**
 * The platform's side of what a processor in this process (the sandbox) tells it: the same work the Stripe webhook
 * does for `checkout.session.completed`, `account.updated`, `charge.dispute.*` and `radar.early_fraud_warning.created`,
 * done at once. The sandbox is handed these by app.ts and never imports the shop, the payouts or the disputes.
 */
export function processorNotices(
  deps: AppDeps,
  log: { error: (obj: object, msg: string) => void },
): ProcessorNotices {
  return {
    async checkoutCompleted(session) {
      await completeOrder({ ...deps, log }, session);
    },
    accountUpdated: (accountId) => syncPayoutAccount(deps, accountId),
    disputeChanged: (disputeId) => handleDisputeNotice(deps, disputeId),
    fraudWarningRaised: (warningId) => handleFraudWarningNotice(deps, warningId),
  };
}
