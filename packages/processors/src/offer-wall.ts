/**
 * What an offer-wall partner and the product agree on: how a postback's parameters are signed in the generic
 * scheme (the parameters sorted by name and query-encoded, then HMAC-SHA256 with the shared secret, in hex), the
 * scheme's own parameter names, and what a partner running in this process and the product hand each other.
 */
import { createHmac } from "node:crypto";
import type { CompletedOffer } from "@mx/shared/schemas/offerwall";
import type { FastifyReply, FastifyRequest } from "fastify";

export type Params = Record<string, string>;

/** Parameters sorted by name and query-encoded, as ayeT-Studios and the generic scheme sign them. */
export function sortedQuery(params: Params, without: string[] = []): string {
  const entries = Object.entries(params)
    .filter(([name]) => !without.includes(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(entries).toString();
}

export const hmacHex = (secret: string, text: string) =>
  createHmac("sha256", secret).update(text).digest("hex");

/** Signs parameters the way the generic scheme checks them. */
export function signGeneric(params: Params, secret: string, signatureName = "signature"): Params {
  return { ...params, [signatureName]: hmacHex(secret, sortedQuery(params, [signatureName])) };
}

/**
 * The generic scheme's own parameter names: a partner configured without names of its own uses these, as a partner
 * running in this process does.
 */
export const GENERIC_PARAMS = {
  user: "user_id",
  amount: "amount",
  transaction: "transaction_id",
  signature: "signature",
  reversal: "reversal",
  offer: "offer_name",
  timestamp: "timestamp",
};

/** An offer a partner says a player has completed, before its postback credits it. */
export type PendingOffer = {
  provider: string;
  userId: string;
  transactionId: string;
  offerName: string;
  amountCents: number;
};

/** An offer a partner running in this process shows on the product's own wall: its reward in cents. */
export type PartnerOffer = { id: string; name: string; description: string; rewardCents: number };

/**
 * A partner that runs in this process, as the product knows it: it has no wall of its own to frame, so the product
 * shows its offers; its postbacks name `provider`, are signed in the generic scheme with `secret` and carry the
 * scheme's own names (GENERIC_PARAMS).
 */
export type OfferWallPartner = {
  provider: string;
  secret: string;
  offers: readonly PartnerOffer[];
};

/**
 * What the product hands a partner running in this process, as a real partner is given it when the wall is set
 * up: the player's id as the wall carries it, and where a completed offer is recorded as pending (the partner
 * sends its postback itself). The partner's one route is for a signed-in player, checked by the product.
 */
export type OfferWallHost = {
  playerRef(userId: string): string;
  record(offer: PendingOffer): Promise<CompletedOffer>;
  signIn(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  playerOf(req: FastifyRequest): string;
  publicUrl: string;
};
