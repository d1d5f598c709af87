import { api } from "@mx/shared/routes";
import {
  SandboxCheckoutPayData,
  SandboxCheckoutSessionData,
  type SandboxCheckoutShippingBody,
} from "@mx/shared/schemas/shop";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

/** What the sandbox payment form asks to be paid: the session's lines and total. */
export function useSandboxCheckoutSession(clientSecret: string) {
  return useQuery({
    queryKey: queryKeys.shop.sandboxSession(clientSecret),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(api.sandboxCheckoutSession(clientSecret), {
          schema: SandboxCheckoutSessionData,
          signal,
        })
      ).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export interface SandboxCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

/**
 * Tokenises the card with the sandbox processor (the only call that carries the number), then pays the session
 * with the token. No TanStack mutation on purpose: a mutation keeps its variables, and the number must not
 * outlive this call. A refused card rejects with the processor's message ("Your card was declined.").
 */
export async function paySandboxCheckout(
  clientSecret: string,
  card: SandboxCard,
): Promise<SandboxCheckoutPayData> {
  const token = await apiRequest<{ id: string }>(api.sandboxTokens, { method: "POST", body: card });
  const paid = await apiRequest(api.sandboxCheckoutPay, {
    schema: SandboxCheckoutPayData,
    method: "POST",
    body: { clientSecret, token: token.data.id },
  });
  return paid.data;
}

/** The address and rate typed into the form: the session's shipping, tax and total come back (Stripe's form does the same). */
export async function setSandboxShipping(
  body: SandboxCheckoutShippingBody,
): Promise<SandboxCheckoutSessionData> {
  const reply = await apiRequest(api.sandboxCheckoutShipping, {
    schema: SandboxCheckoutSessionData,
    method: "POST",
    body,
  });
  return reply.data;
}
