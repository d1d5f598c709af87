/* The PayPal face's replies, and PayPal's money read and written. */

/** A reply the face sends: its status and JSON body. */
export type CannedReply = { status: number; body: unknown };
/** A JSON object as PayPal sends one. */
export type Json = Record<string, unknown>;

/** A refusal in PayPal's error shape. */
export const paypalError = (
  status: number,
  name: string,
  issue: string,
  description: string,
): CannedReply => ({
  status,
  body: {
    name,
    message:
      "The requested action could not be performed, semantically incorrect, or failed business validation.",
    debug_id: "emu0debug",
    details: [{ issue, description }],
  },
});

/** Where PayPal's links point. */
export const API = "https://api-m.sandbox.paypal.com";

/** PayPal's money: a decimal string in the currency's units ("12.34"). */
export const money = (cents: number, currency: string) => ({
  currency_code: currency,
  value: (cents / 100).toFixed(2),
});
/** Cents of PayPal's money. */
export const centsOf = (amount: unknown) =>
  Math.round(Number((amount as Json | undefined)?.value ?? Number.NaN) * 100);
/** PayPal's refusal of a request it cannot read. */
export const invalid = (issue: string, description: string) =>
  paypalError(400, "INVALID_REQUEST", issue, description);
