import type { PaymentGateway } from "@mx/processors/gateway";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { withPaypal } from "./modules/payments/paypal-gateway";
import { createPaypalSdk } from "./modules/payments/paypal-sdk";
import { createStripeGateway } from "./modules/payments/stripe-gateway";

/**
 * Stripe when STRIPE_SECRET_KEY is set, the sandbox otherwise. PayPal beside it when PAYPAL_CLIENT_ID and
 * PAYPAL_CLIENT_SECRET are set; the sandbox's own PayPal beside the sandbox (never in production); else no PayPal.
 * The sandbox is loaded only when it is chosen: a server on Stripe never loads its code (the compiled server keeps it
 * in a chunk of its own) nor creates its tables.
 */
export async function createGateway(config: Config, database: Database): Promise<PaymentGateway> {
  const { cards, sandboxPaypal } = await cardProcessor(config, database);
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
  if (sandboxPaypal && !config.isProduction) return withPaypal(cards, sandboxPaypal, database.db);
  return cards;
}

async function cardProcessor(config: Config, database: Database) {
  if (config.stripe) {
    const { secretKey, publishableKey, apiBase } = config.stripe;
    return { cards: createStripeGateway({ secretKey, publishableKey, apiBase }), sandboxPaypal: null };
  }
  const { openSandbox } = await import("@mx/sandbox/open-sandbox");
  const sandbox = await openSandbox(database, config);
  return { cards: sandbox.gateway, sandboxPaypal: sandbox.paypal };
}
