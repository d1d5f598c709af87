import type { OFFERWALL_PROVIDERS } from "./env";

/** The server's configuration, read once from the environment by loadConfig. */
export type Config = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…`, or `memory://` / a directory for the embedded PGlite. */
  database: { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string | null };
  publicUrl: string;
  sessionSecret: string;
  mail: { smtpUrl: string | null; from: string };
  /** SUPPORT_EMAIL; outside production, support@ the public host when unset. */
  supportEmail: string;
  logLevel: string;
  webDistDir: string;
  /** MAP_DATA_DIR: a folder of the public files, read instead of the island file; null when unset. */
  mapDataDir: string | null;
  /** The island file committed with the project (`data/manhattan-island.json.gz`, made by `npm run data:build`). */
  islandFile: string;
  /** The collections (`data/collections.json`, made by `npm run data:build` from the island). */
  collectionsFile: string;
  /** Null: the sandbox gateway. */
  stripe: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string | null;
    /** Optional in hand-built configs (tests); loadConfig always sets it. */
    connectWebhookSecret?: string | null;
    apiBase: string | null;
  } | null;
  /** `redisUrl`: the counters live in Redis, shared by every instance, under keys starting with `redisPrefix`. */
  rateLimit: { max: number; authMax: number; redisUrl: string | null; redisPrefix: string };
  payoutHoldHours: number;
  /** Hours a seller's proceeds from a card or PayPal payment clear before they can be withdrawn. */
  earningsClearHours: number;
  /**
   * Milliseconds after a payment (or evidence given) before the sandbox processor tells of its dispute, early fraud
   * warning or decision: Stripe's test mode does it "shortly after".
   */
  sandboxNoticeDelayMs: number;
  /**
   * SANDBOX_DATABASE_URL: the PostgreSQL database the sandbox processors (and the sandbox offer wall) keep their
   * tables in, opened by the server beside its own; null (always in production) for schema `sandbox` of the
   * product's database.
   */
  sandboxDatabaseUrl: string | null;
  /** Reports a player may file in a day. */
  reportsPerDay: number;
  /**
   * Which Web Push endpoints subscriptions may name: these hosts, https, public addresses only. `allowLocal` (tests
   * only) lets a push service on 127.0.0.1 through; `hosts` null allows any host.
   */
  push: { hosts: string[] | null; allowLocal: boolean };
  trustProxy: boolean;
  /** Build the search catalogue and the map's tiles once the server answers, ahead of the first players. */
  warmAtStart: boolean;
  /** HTTP timeouts, in milliseconds. */
  http: {
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    keepAliveTimeoutMs: number;
    connectionTimeoutMs: number;
  };
  shutdownTimeoutMs: number;
  /** Who may read /metrics: with `token` set, a bearer of it; with `port`, anyone reaching that port. */
  metrics: { token: string | null; port: number | null; host: string };
  /** Web Push signing keys from the environment; null: generated once and kept in the data dir (see modules/live). */
  vapid: { publicKey: string; privateKey: string } | null;
  vapidSubject: string;
  /**
   * Null: PayPal is the sandbox's (off production, with the sandbox card gateway) or not offered at all. Set by
   * PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET.
   */
  paypal: {
    clientId: string;
    clientSecret: string;
    environment: "sandbox" | "live";
    webhookId: string | null;
    apiBase: string | null;
  } | null;
  /** A money operation whose step has not moved for this long is taken over by recovery (milliseconds). */
  moneyRecoveryAfterMs: number;
  /** Construction times are divided by this (1 in production). */
  developmentTimeScale: number;
  /** How the batches of the money operations overlap (`together` in modules/money/operation.ts). */
  batching: Batching;
  offerwall: OfferwallConfig;
  /** What waiting payments cost (payments/waiting-payments.ts). */
  holds: { cooldownHours: number; waitingPaymentsPerDay: number };
};

/**
 * How many batches of a money operation run at once. A processor that answers at once (in this process) is best
 * served by few, large batches; one across the network, whose every charge takes hundreds of milliseconds, by
 * batches that overlap so that none waits for another.
 */
export type Batching = {
  purchaseRunning: number;
  /** A reserving purchase batch keeps its place until every purchase it reserved is over (`untilDone`). */
  purchaseUntilDone: boolean;
  developmentRunning: number;
  /** As `purchaseUntilDone`, for developments. */
  developmentUntilDone: boolean;
  /**
   * How long, in ms, a batch that could start waits for more operations while other requests are in flight (0: it
   * takes what arrived in the same turn). Requests over HTTP arrive a little apart: a short wait makes larger batches.
   */
  purchaseWaitMs: number;
  developmentWaitMs: number;
};

/** An offer-wall partner the server may be configured with. */
export type OfferwallProvider = (typeof OFFERWALL_PROVIDERS)[number];
/** The offer wall players see and the partners whose postbacks are accepted. */
export type OfferwallConfig = {
  /** The wall players see. */
  provider: OfferwallProvider;
  wallUrl: string | null;
  /**
   * The partners whose postbacks are accepted, with their secrets (a partner running in this process brings its
   * own: AppDeps.offerWallPartner).
   */
  secrets: Partial<Record<OfferwallProvider, string>>;
  genericParams: Record<string, string>;
  allowedIps: string[] | null;
  dailyCapCents: number;
  creditHoldHours: number;
  sandboxDelayMs: number;
};
