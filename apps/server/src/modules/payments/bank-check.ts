import { ok } from "@mx/kit/reply";
import type { GatewayIntent } from "@mx/processors/gateway";
import { API_BASE } from "@mx/shared/routes";
import type { ActionRequiredData } from "@mx/shared/schemas/payments";
import type { FastifyReply } from "fastify";

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

/**
 * The check and where to confirm after it: `confirmPath` is a route of the API's (`api` in @mx/shared/routes),
 * `confirmBody` what to send it.
 */
export function withConfirm(
  action: ActionRequired,
  confirmPath: string,
  confirmBody: Record<string, string>,
): ActionRequiredData {
  return { ...action, confirmPath: `${API_BASE}${confirmPath}`, confirmBody };
}

/**
 * The 202 of a purchase, a development or a bid whose payment (or a bid's hold) the bank, or PayPal, asks the player
 * to confirm first.
 */
export function confirmWithYourBank(
  reply: FastifyReply,
  action: ActionRequiredData,
  what: "payment" | "hold" = "payment",
) {
  reply.code(202);
  return ok(action, `Your bank asks you to confirm this ${what}.`, 202);
}

/** Stripe's words when the bank's authentication failed or was abandoned. */
export const AUTHENTICATION_FAILED =
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.";
