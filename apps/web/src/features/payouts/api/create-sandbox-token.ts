import { api } from "@mx/shared/routes";
import { apiRequest } from "../../../lib/api-client";

export interface SandboxCardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

/**
 * Tokenises a card with the sandbox processor: the only call that carries a card number. No TanStack
 * hook on purpose: a mutation keeps its variables in the cache, and the number must not outlive this.
 */
export async function createSandboxToken(card: SandboxCardDetails): Promise<string> {
  const reply = await apiRequest<{ id: string }>(api.sandboxTokens, { method: "POST", body: card });
  return reply.data.id;
}
