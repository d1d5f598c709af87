import { CardError, GatewayRequestError } from "@mx/processors/gateway";
import { CARD_MESSAGES } from "../test-cards";

/* The Stripe face's replies and Stripe's form encoding, read back. */

/** A reply the face sends: its status and JSON body. */
export type CannedReply = { status: number; body: unknown };

/** A JSON object as Stripe sends one. */
export type Json = Record<string, unknown>;

/** A refusal in Stripe's error shape. */
export function stripeError(status: number, error: Json): CannedReply {
  return {
    status,
    body: { error: { doc_url: `https://docs.stripe.com/error-codes/${error.code}`, ...error } },
  };
}

/** Stripe's answer to a declined card. */
export const declined = () =>
  stripeError(402, {
    type: "card_error",
    code: "card_declined",
    decline_code: "generic_decline",
    message: CARD_MESSAGES.card_declined,
  });

/** Stripe's answer for an id it does not know. */
export const missing = (kind: string, id: string) =>
  stripeError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${id}'`,
    param: "id",
  });

/** The Unix time in seconds, as Stripe gives times: now, or a date's. */
export const now = () => Math.floor(Date.now() / 1000);
export const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The metadata (`metadata[key]`, or under another prefix) of a form body. */
export const metadataOf = (body: Record<string, string>, prefix = "metadata"): Record<string, string> => {
  const metadata: Record<string, string> = {};
  const pattern = new RegExp(`^${prefix.replace(/[[\]]/g, "\\$&")}\\[(.+)\\]$`);
  for (const [k, v] of Object.entries(body)) {
    const m = pattern.exec(k);
    if (m?.[1]) metadata[m[1]] = v;
  }
  return metadata;
};

/** Whether `expand[]` in the query names this field (or `data.<field>`, for a list). */
export const expands = (query: URLSearchParams, field: string) =>
  [...query.entries()].some(([k, v]) => k.startsWith("expand[") && (v === field || v === `data.${field}`));

/** The sandbox's refusal in Stripe's words. */
export function asStripeError(error: unknown): CannedReply {
  if (error instanceof CardError) {
    return stripeError(402, {
      type: "card_error",
      code: error.code,
      ...(error.declineCode ? { decline_code: error.declineCode } : {}),
      message: error.message,
    });
  }
  if (error instanceof GatewayRequestError) {
    return stripeError(error.statusCode, {
      type: "invalid_request_error",
      code: error.code,
      message: error.message,
    });
  }
  return stripeError(500, {
    type: "api_error",
    message: error instanceof Error ? error.message : String(error),
  });
}

/** A 200 reply with this body. */
export const ok = (body: unknown): CannedReply => ({ status: 200, body });
