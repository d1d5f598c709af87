import type { GatewayIntent } from "@mx/processors/gateway";
import type { ActionRequiredData } from "@mx/shared/schemas/payments";

/** What the browser needs to take a player through their bank's check (3-D Secure); the route adds where to confirm. */
export type ActionRequired = Omit<ActionRequiredData, "confirmPath" | "confirmBody">;

export function actionOf(intent: GatewayIntent): ActionRequired {
  return {
    requiresAction: true,
    paymentIntentId: intent.id,
    clientSecret: intent.clientSecret,
    nextActionUrl: intent.nextActionUrl,
  };
}

/** Stripe's words when the bank's authentication failed or was abandoned. */
export const AUTHENTICATION_FAILED =
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.";
