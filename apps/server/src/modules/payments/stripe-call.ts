import { CardError, GatewayRequestError } from "@mx/processors/gateway";
import Stripe from "stripe";

export const PROCESSOR_UNAVAILABLE = "The payment processor is not reachable. Please try again.";

/** The id of an object Stripe gives either expanded or as its id alone. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === "string" ? value : value.id;

/** Any API key in a text, masked: Stripe's own messages may quote one ("Invalid API Key provided: sk_…"). */
const redactKeys = (text: string) =>
  text.replace(/\b(sk|rk|pk)_(test|live)_[A-Za-z0-9*]+/g, "$1_$2_[redacted]");

/** What the server log may keep of a Stripe error: its kind, code, status and request id, never headers or keys. */
function logSafe(error: unknown): Error {
  if (!(error instanceof Stripe.errors.StripeError)) {
    return new Error(redactKeys(error instanceof Error ? error.message : String(error)));
  }
  const parts = [error.type, error.statusCode, error.code, error.requestId].filter(
    (p) => p !== undefined && p !== null,
  );
  return new Error(`${parts.join(" ")}: ${redactKeys(error.message)}`);
}

/**
 * Stripe's errors in our words. Card refusals keep Stripe's message ("Your card was declined."); requests Stripe
 * refused keep Stripe's code and message; everything else (network, Stripe outage, our own keys or rate limits)
 * becomes one "not reachable" error, so no key or internal detail reaches a client.
 */
function translateStripeError(error: unknown): Error {
  if (error instanceof CardError || error instanceof GatewayRequestError) return error;
  const errors = Stripe.errors;
  let translated: Error;
  if (error instanceof errors.StripeCardError) {
    translated = new CardError(error.code ?? "card_declined", error.message, error.decline_code || undefined);
  } else if (error instanceof errors.StripeIdempotencyError) {
    translated = new GatewayRequestError("idempotency_error", redactKeys(error.message), 409);
  } else if (error instanceof errors.StripeInvalidRequestError) {
    const code = error.code ?? "invalid_request";
    translated = new GatewayRequestError(
      code,
      redactKeys(error.message),
      code === "resource_missing" ? 404 : 400,
    );
  } else {
    translated = new GatewayRequestError("processor_unavailable", PROCESSOR_UNAVAILABLE, 503);
  }
  // For the server's own log only; never sent to a client.
  translated.cause = logSafe(error);
  return translated;
}

/** Runs one Stripe request, with Stripe's errors in our words (translateStripeError). */
export async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw translateStripeError(error);
  }
}

/** Request options carrying our idempotency key, when there is one. */
export const keyed = (idempotencyKey: string | undefined): Stripe.RequestOptions | undefined =>
  idempotencyKey ? { idempotencyKey } : undefined;
