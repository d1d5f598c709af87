import { api } from "@mx/shared/routes";
import { type CreateCheckoutSessionBody, CreateCheckoutSessionData } from "@mx/shared/schemas/shop";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { hasSession } from "../../../lib/session";

/**
 * POST stripe/webhooks/create-checkout-session: customerEmail and line_items [{price, quantity}] → clientSecret.
 * The server sets every amount. A signed-in player's token goes with it, so the payment form offers the cards they
 * saved.
 */
async function createCheckoutSession(body: CreateCheckoutSessionBody): Promise<string> {
  const reply = await apiRequest(api.createCheckoutSession, {
    schema: CreateCheckoutSessionData,
    method: "POST",
    body,
    auth: hasSession(),
  });
  return reply.data.clientSecret;
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
