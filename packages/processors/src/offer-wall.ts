/**
 * What an offer-wall partner and the product agree on: how a postback's parameters are signed in the generic
 * scheme (the parameters sorted by name and query-encoded, then HMAC-SHA256 with the shared secret, in hex), the
 * names the sandbox partner gives its parameters, and what a partner running in this process hands the product.
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

/** Signs parameters the way the generic and sandbox providers check them. */
export function signGeneric(params: Params, secret: string, signatureName = "signature"): Params {
  return { ...params, [signatureName]: hmacHex(secret, sortedQuery(params, [signatureName])) };
}

/** The sandbox wall signs its postbacks as a generic partner would, with these names. */
export const SANDBOX_PARAMS = {
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

/** A partner's signed call to the product: where the product answers, the postback's path and its parameters. */
export type PartnerPostback = { base: string; path: string; params: Params };

/**
 * What the product hands the partner, as a real partner is given it when the wall is set up: the secret the
 * postbacks are signed with, the player's id as the wall carries it, and where a completed offer is recorded as
 * pending with its postback queued. The partner's one route is for a signed-in player, checked by the product.
 */
export type OfferWallHost = {
  secret: string;
  playerRef(userId: string): string;
  record(offer: PendingOffer, postback: PartnerPostback, delayMs: number): Promise<CompletedOffer>;
  delayMs: number;
  signIn(req: FastifyRequest, reply: FastifyReply): Promise<void>;
  playerOf(req: FastifyRequest): string;
  publicUrl: string;
};
