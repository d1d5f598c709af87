import type { PaymentGateway } from "@mx/processors/gateway";
import type { OfferWallPartner } from "@mx/processors/offer-wall";
import type { FastifyInstance } from "fastify";
import type { Config } from "./config";
import { createGateway, type SandboxDatabase } from "./create-gateway";
import type { Database } from "./db/client";
import type { AppDeps } from "./deps";
import { loadCollections } from "./modules/collections/catalogue";
import { vapidKeys, WebPushSender } from "./modules/live/push";
import { devMailboxMailer, type Mailer, smtpMailer, withSupportAddress } from "./modules/mail/mailer";

/**
 * What the services need from outside: the given mailer and gateway, else those the configuration names (SMTP or
 * the dev mailbox; Stripe, PayPal or the sandbox, on the database `sandbox` gives), and the offer-wall partner run in
 * this process, if any. Refuses the sandbox gateway in production.
 */
export async function appDeps(
  app: FastifyInstance,
  given: {
    config: Config;
    database: Database;
    mailer?: Mailer;
    gateway?: PaymentGateway;
    faults: AppDeps["faults"];
    sandbox: SandboxDatabase;
  },
  offerWallPartner: OfferWallPartner | null,
): Promise<AppDeps> {
  const { config, database, mailer, gateway, faults, sandbox } = given;
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    mailer: withSupportAddress(
      mailer ??
        (config.mail.smtpUrl
          ? smtpMailer(config.mail.smtpUrl, config.mail.from)
          : devMailboxMailer(database.db, app.log)),
      config.supportEmail,
    ),
    gateway: gateway ?? (await createGateway(config, database, sandbox)),
    offerWallPartner,
    webPush: new WebPushSender(database.db, vapidKeys(config), config.vapidSubject, app.log, config.push),
    collections: loadCollections(config.collectionsFile, (message) => app.log.warn(message)),
    faults,
    log: app.log,
  };
  // loadConfig already refuses this; an app built by other means must not take cards on the sandbox either.
  if (config.isProduction && deps.gateway.kind === "sandbox") {
    throw new Error("The sandbox payment gateway cannot run in production: set STRIPE_SECRET_KEY.");
  }
  return deps;
}
