import type { ProcessorNotices } from "@mx/processors/gateway";
import type { AppDeps } from "../../deps";
import { syncPayoutAccount } from "../payouts/payout-account";
import { completeOrder } from "../shop/complete-order";

/**
 * The platform's side of what a processor in this process (the sandbox) tells it: the same work the Stripe webhook
 * does for `checkout.session.completed` and `account.updated`, done at once. The sandbox is handed these by app.ts
 * and never imports the shop or the payouts.
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
    // PLACEHOLDER: handed to the disputes module once it is built.
    disputeChanged: async () => {},
    fraudWarningRaised: async () => {},
  };
}
