import type { PaymentGateway } from "@mx/processors/gateway";
import Stripe from "stripe";
import { call } from "./stripe-call";
import { stripeCards } from "./stripe-cards";
import { stripeCheckout } from "./stripe-checkout";
import { stripeConnect } from "./stripe-connect";
import { stripeDisputes } from "./stripe-disputes";
import { stripeIntents } from "./stripe-intents";
import { createStripePayouts } from "./stripe-payouts";

export { PROCESSOR_UNAVAILABLE } from "./stripe-call";

export type StripeGatewayOptions = {
  secretKey: string;
  publishableKey: string;
  /** Only for tests and local emulators, e.g. "http://127.0.0.1:43123": every request goes there instead. */
  apiBase?: string | null;
};

/** Where the SDK sends its requests: Stripe itself, or the emulator named by `apiBase`. */
function connection(
  apiBase: string | null | undefined,
): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "https:" ? "https" : "http";
  return { host: url.hostname, port: url.port || (protocol === "https" ? 443 : 80), protocol };
}

/** The `stripe` adapter: Customers + PaymentMethods for cards, PaymentIntents (manual capture for bids), Refunds. */
export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    // With an emulator a failure should show at once; against Stripe the SDK retries with idempotency keys.
    maxNetworkRetries: options.apiBase ? 0 : 2,
    appInfo: { name: "manhattan-exchange" },
    ...connection(options.apiBase),
  });

  return {
    kind: "stripe",
    publishableKey: options.publishableKey,
    ...createStripePayouts(stripe, call),
    ...stripeCards(stripe),
    ...stripeIntents(stripe),
    ...stripeCheckout(stripe),
    ...stripeConnect(stripe),
    ...stripeDisputes(stripe),
  };
}
