import {
  SandboxCheckoutPayData,
  SandboxCheckoutSessionData,
  type SandboxCheckoutShippingBody,
  sandboxPaths,
} from "../src/api";
import type { SandboxRequest } from "./host";

/** What the sandbox payment form asks to be paid: the session's lines and total. */
export function readSandboxCheckoutSession(
  request: SandboxRequest,
  clientSecret: string,
  signal?: AbortSignal,
): Promise<SandboxCheckoutSessionData> {
  return request(sandboxPaths.checkoutSession(clientSecret), { schema: SandboxCheckoutSessionData, signal });
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
 * with the token. No cached mutation on purpose: a mutation keeps its variables, and the number must not outlive
 * this call. A refused card rejects with the processor's message ("Your card was declined.").
 */
export async function paySandboxCheckout(
  request: SandboxRequest,
  clientSecret: string,
  card: SandboxCard,
): Promise<SandboxCheckoutPayData> {
  const token = await request<{ id: string }>(sandboxPaths.tokens, { method: "POST", body: card });
  return request(sandboxPaths.checkoutPay, {
    schema: SandboxCheckoutPayData,
    method: "POST",
    body: { clientSecret, token: token.id },
  });
}

/** Pays the session with one of the cards its customer saved; a refused card rejects with the processor's message. */
export function paySandboxCheckoutWithSavedCard(
  request: SandboxRequest,
  clientSecret: string,
  paymentMethod: string,
): Promise<SandboxCheckoutPayData> {
  return request(sandboxPaths.checkoutPay, {
    schema: SandboxCheckoutPayData,
    method: "POST",
    body: { clientSecret, paymentMethod },
  });
}

/** The address and rate typed into the form: the session's shipping, tax and total come back (Stripe's form does the same). */
export function setSandboxShipping(
  request: SandboxRequest,
  body: SandboxCheckoutShippingBody,
): Promise<SandboxCheckoutSessionData> {
  return request(sandboxPaths.checkoutShipping, { schema: SandboxCheckoutSessionData, method: "POST", body });
}
