import type { PaymentGateway } from "@mx/processors/gateway";
import type { OfferWallPartner } from "@mx/processors/offer-wall";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import type { CollectionCatalogue } from "./modules/collections/catalogue";
import type { WebPush } from "./modules/live/push";
import type { Mailer } from "./modules/mail/mailer";

/** Everything a service may need from outside, handed to buildApp. */
export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  gateway: PaymentGateway;
  /**
   * The offer-wall partner that runs in this process, when the chosen one does (its offers are shown on our own
   * wall, its postbacks signed with its own secret); null with a partner on its own servers.
   */
  offerWallPartner: OfferWallPartner | null;
  /** Sends the Web Push the outbox holds, signed with this server's VAPID keys. */
  webPush: WebPush;
  /** The collections (data/collections.json) and which buildings belong to which. */
  collections: CollectionCatalogue;
  /** The app's logger, for work that outlives a request (jobs, best-effort clean-ups). */
  log?: FastifyBaseLogger;
  /**
   * How many HTTP requests this app is answering at this moment (set by buildApp). Batches of money operations
   * wait a moment for company while other requests are in flight (money/together.ts).
   */
  requests?: { inFlight: number };
  /** Failure points for tests: each, when set, runs at its named step and may throw. Never set in production. */
  faults?: { beforeOwnership?: () => void | Promise<void> };
};
