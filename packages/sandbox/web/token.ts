import { sandboxPaths } from "../src/api";
import type { SandboxRequest } from "./host";

/** SandboxTokenData: the token and what it tells about the card. */
export interface SandboxToken {
  id: string;
  card: { brand: string; last4: string; expMonth: number; expYear: number };
}

export interface SandboxCardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

/**
 * Tokenises a card with the sandbox processor (public; the only call that carries a card number), through the app's
 * `request`. No cached query or mutation on purpose: a mutation keeps its variables in the cache, and the number
 * must not outlive this request.
 */
export async function createSandboxToken(
  request: SandboxRequest,
  card: SandboxCardDetails,
): Promise<SandboxToken> {
  return request<SandboxToken>(sandboxPaths.tokens, { method: "POST", body: card });
}
