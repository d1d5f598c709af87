import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { PaymentGateway } from "./gateway";
import { withPaypal } from "./paypal-gateway";
import { createPaypalSdk } from "./paypal-sdk";
import { createSandboxGateway } from "./sandbox-gateway";
import { createSandboxPaypal } from "./sandbox-paypal";
import { createStripeGateway } from "./stripe-gateway";

/**
 * Stripe when STRIPE_SECRET_KEY is set, the sandbox otherwise. PayPal beside it when PAYPAL_CLIENT_ID and
 * PAYPAL_CLIENT_SECRET are set; the sandbox's own PayPal beside the sandbox (never in production); else no PayPal.
 */
export function createGateway(config: Config, database: Database): PaymentGateway {
  const cards = config.stripe
    ? createStripeGateway({
        secretKey: config.stripe.secretKey,
        publishableKey: config.stripe.publishableKey,
        apiBase: config.stripe.apiBase,
      })
    : createSandboxGateway(database.db, config.publicUrl);
  if (config.paypal) {
    return withPaypal(
      cards,
      createPaypalSdk({
        clientId: config.paypal.clientId,
        clientSecret: config.paypal.clientSecret,
        environment: config.paypal.environment,
        apiBase: config.paypal.apiBase,
      }),
      database.db,
    );
  }
  if (cards.kind === "sandbox" && !config.isProduction) {
    return withPaypal(cards, createSandboxPaypal(database.db), database.db);
  }
  return cards;
}
