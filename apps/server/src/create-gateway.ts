import type { PaymentGateway } from "@mx/processors/gateway";
import type { Config } from "./config";
import { type Database, openDatabase } from "./db/client";
import { withPaypal } from "./modules/payments/paypal-gateway";

/**
 * Where the sandbox processors and the sandbox offer wall keep their tables: schema `sandbox` of the product's
 * database, or a PostgreSQL database of their own when SANDBOX_DATABASE_URL names one (so the product's work on
 * PostgreSQL can be measured apart from theirs, as with a real processor).
 */
export type SandboxDatabase = {
  /** The database to use; one of their own is opened on the first call, and the same one given after. */
  open(): Promise<Database>;
  /** Closes the database of their own, when one was opened; the product's is left to whoever opened it. */
  close(): Promise<void>;
};

/** The sandbox's database for this configuration, opened only when something first asks for it. */
export function sandboxDatabaseOf(
  config: Pick<Config, "sandboxDatabaseUrl">,
  product: Database,
): SandboxDatabase {
  const url = config.sandboxDatabaseUrl;
  if (!url) return { open: async () => product, close: async () => {} };
  let opened: Promise<Database> | null = null;
  return {
    open() {
      opened ??= openDatabase({ kind: "postgres", url });
      return opened;
    },
    async close() {
      const database = await opened?.catch(() => null);
      opened = null;
      await database?.close();
    },
  };
}

/**
 * Stripe when STRIPE_SECRET_KEY is set, the sandbox otherwise. PayPal beside it when PAYPAL_CLIENT_ID and
 * PAYPAL_CLIENT_SECRET are set; the sandbox's own PayPal beside the sandbox (never in production); else no PayPal.
 * The sandbox is loaded only when it is chosen: a server on Stripe never loads its code (the compiled server keeps it
 * in a chunk of its own) nor creates its tables. The sandbox keeps its tables in `sandbox`'s database (by default
 * the product's; whoever passes one closes it). Likewise Stripe's and PayPal's SDKs are loaded only when configured:
 * PayPal's alone takes about half a second to load, paid by every test file that builds the app.
 */
export async function createGateway(
  config: Config,
  database: Database,
  sandbox: SandboxDatabase = sandboxDatabaseOf(config, database),
): Promise<PaymentGateway> {
  const { cards, sandboxPaypal } = await cardProcessor(config, sandbox);
  if (config.paypal) {
    const { createPaypalSdk } = await import("./modules/payments/paypal-sdk");
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

async function cardProcessor(config: Config, sandbox: SandboxDatabase) {
  if (config.stripe) {
    const { secretKey, publishableKey, apiBase } = config.stripe;
    const { createStripeGateway } = await import("./modules/payments/stripe-gateway");
    return { cards: createStripeGateway({ secretKey, publishableKey, apiBase }), sandboxPaypal: null };
  }
  const { openSandbox } = await import("@mx/sandbox/open-sandbox");
  const opened = await openSandbox(await sandbox.open(), config);
  return { cards: opened.gateway, sandboxPaypal: opened.paypal };
}
