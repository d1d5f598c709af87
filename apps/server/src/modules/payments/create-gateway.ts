import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { PaymentGateway } from "./gateway";
import { createSandboxGateway } from "./sandbox-gateway";
import { createStripeGateway } from "./stripe-gateway";

/** Stripe when STRIPE_SECRET_KEY is set, the sandbox otherwise. */
export function createGateway(config: Config, database: Database): PaymentGateway {
  if (config.stripe) {
    return createStripeGateway({
      secretKey: config.stripe.secretKey,
      publishableKey: config.stripe.publishableKey,
      apiBase: config.stripe.apiBase,
    });
  }
  return createSandboxGateway(database.db, config.publicUrl);
}
