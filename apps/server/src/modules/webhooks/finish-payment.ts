import type { GatewayIntent } from "@mx/processors/gateway";
import type { AppDeps } from "../../deps";
import { finishBidHold } from "../bids/submit-bid";
import { finishDevelopmentPayment } from "../developments/finish-development-payment";
import { finishPurchasePayment } from "../properties/finish-purchase-payment";

/**
 * Finishes what a payment was for once the processor reports on it (its webhook, after a bank's check, PayPal's
 * approval or a payment that was processing), as money/operation.ts's `finishFromNotice` does for every operation:
 * a purchase still waiting becomes owned, a development starts, a bid whose hold is now made is placed; a failed
 * payment ends its operation; a deleted account's payment is refunded or cancelled. Anything already settled is
 * left as it is, so a late or repeated event changes nothing.
 */
export async function finishPayment(deps: AppDeps, intent: GatewayIntent): Promise<void> {
  const { purpose } = intent.metadata;
  if (purpose === "development") await finishDevelopmentPayment(deps, intent);
  if (purpose === "purchase") await finishPurchasePayment(deps, intent);
  if (purpose === "bid") await finishBidHold(deps, intent);
}
