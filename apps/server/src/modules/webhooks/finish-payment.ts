import type { GatewayIntent } from "@mx/processors/gateway";
import type { AppDeps } from "../../deps";
import { finishBidHold } from "../bids/submit-bid";
import { finishDevelopmentPayment } from "../developments/develop";
import { finishPurchasePayment } from "../properties/purchase-operation";

/**
 * Finishes what a payment was for once the processor reports it settled (its webhook, after a bank's check or a
 * payment that was processing): a purchase still waiting becomes owned, a bid whose hold is now made is placed.
 * Anything already settled is left as it is, so a late or repeated event changes nothing.
 */
export async function finishPayment(deps: AppDeps, intent: GatewayIntent): Promise<void> {
  const { purpose } = intent.metadata;
  if (purpose === "development") await finishDevelopmentPayment(deps, intent);
  if (purpose === "purchase") await finishPurchasePayment(deps, intent);
  if (purpose === "bid") await finishBidHold(deps, intent);
}
