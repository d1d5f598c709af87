import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { KNOWN_PUSH_SERVICE_HOSTS, PAYOUT_HOLD_HOURS } from "@mx/shared/constants";
import { z } from "zod";

/** The island file's name in the repository's `data/` folder. */
export const ISLAND_FILE_NAME = "manhattan-island.json.gz";
export const COLLECTIONS_FILE_NAME = "collections.json";

/**
 * The server's own folder (apps/server in the repository): the one holding src/ or dist/. This file runs from src/
 * (tsx), from dist/main.js or from a chunk in dist/chunks/ (the bundle shares modules with lazily loaded parts), so
 * paths are taken from that folder, not from this file's.
 */
const SERVER_DIR = (() => {
  let dir = import.meta.dirname;
  while (!["src", "dist"].includes(path.basename(dir)) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return path.dirname(dir);
})();

/** The offer-wall partners a server may be configured with. */
export const OFFERWALL_PROVIDERS = ["sandbox", "ayet", "ironsource", "generic"] as const;

const Env = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .refine((v) => /^(postgres(ql)?:\/\/|memory:\/\/)/.test(v), {
      error: "must start with postgres://, postgresql:// or memory://",
    })
    .optional(),
  PUBLIC_URL: z.url().optional(),
  SESSION_SECRET: z.string().min(32, { error: "must be at least 32 characters" }).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Manhattan Exchange <no-reply@localhost>"),
  /** The address players write to: shown on the legal pages, the shop's return page and in every e-mail. */
  SUPPORT_EMAIL: z.email({ error: "must be an e-mail address" }).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST_DIR: z.string().optional(),
  /** A folder of the public map files to import from instead of the committed island file. */
  MAP_DATA_DIR: z.string().optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, { error: "must be a Stripe secret key (sk_…)" })
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_/, { error: "must be a Stripe publishable key (pk_…)" })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, { error: "must be a webhook signing secret (whsec_…)" })
    .optional(),
  /** The Connect endpoint's own signing secret (connected accounts' events: payouts). */
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, { error: "must be a webhook signing secret (whsec_…)" })
    .optional(),
  /** Only for tests and local Stripe emulators: where the SDK sends its requests. */
  STRIPE_API_BASE: z.url().optional(),
  PAYPAL_CLIENT_ID: z.string().trim().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().trim().min(1).optional(),
  PAYPAL_ENV: z.enum(["sandbox", "live"], { error: "must be sandbox or live" }).default("sandbox"),
  /** The webhook's id at PayPal, for verify-webhook-signature. */
  // PayPal's webhook ids are letters and digits only (e.g. 8PT597110X687430LKGECATA).
  PAYPAL_WEBHOOK_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,50}$/, { error: "must be PayPal's webhook id: letters and digits only" })
    .optional(),
  /** Only for tests and local PayPal emulators: where the SDK sends its requests. */
  PAYPAL_API_BASE: z.url().optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  /** Shared rate-limit counters for every instance; memory (per process) without it. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: "must start with redis:// or rediss://" })
    .optional(),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  /** Hours payouts wait after a password reset or a new payout card; at least 24 in production. */
  PAYOUT_HOLD_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(PAYOUT_HOLD_HOURS),
  /** Hours a player whose purchase's hold on a building lapsed unpaid may not hold that building again. */
  HOLD_COOLDOWN_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(24),
  /** How many payments that wait for the player (PayPal, the bank's check) a player may start in 24 hours. */
  WAITING_PAYMENTS_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Reports a player may file in a day (POST /reports). */
  REPORTS_PER_DAY: z.coerce.number().int().min(1).max(1000).default(5),
  /** Web Push (VAPID) keys, base64url: the uncompressed P-256 public key and the 32-byte private key. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, { error: "must be a base64url P-256 public key (87 characters)" })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, { error: "must be a base64url 32-byte private key (43 characters)" })
    .optional(),
  /** Who push services may contact about our pushes: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, { error: "must be a mailto: or https:// URL" })
    .optional(),
  /** How long a money operation may sit in the middle of a step before recovery takes it over. */
  MONEY_RECOVERY_AFTER_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
  /** How many batches of purchases may run at once; 8 in production unless set. */
  PURCHASE_BATCH_RUNNING: z.coerce.number().int().min(1).max(64).optional(),
  /** A purchase batch keeps its place until its purchases are over; `false` in production unless set. */
  PURCHASE_BATCH_UNTIL_DONE: z.enum(["true", "false"]).optional(),
  /** How many batches of developments may run at once; 8 in production unless set. */
  DEVELOPMENT_BATCH_RUNNING: z.coerce.number().int().min(1).max(64).optional(),
  /** Construction of developments takes its time divided by this: more than 1 only in tests (never in production). */
  DEVELOPMENT_TIME_SCALE: z.coerce.number().positive().max(100_000_000).default(1),
  /** Comma-separated push service hosts subscriptions may name; `*.example.com` allows subdomains. */
  PUSH_SERVICE_HOSTS: z
    .string()
    .regex(/^\s*(\*\.)?[a-z0-9.-]+\s*(,\s*(\*\.)?[a-z0-9.-]+\s*)*$/i, {
      error: "must be a comma-separated list of host names (*.example.com for subdomains)",
    })
    .optional(),
  /** Which offer wall players see: the local sandbox wall (never in production) or a partner's. */
  OFFERWALL_PROVIDER: z.enum(OFFERWALL_PROVIDERS).default("sandbox"),
  /** The partner's wall for an iframe; `{user}` is replaced by the player's signed id. */
  OFFERWALL_WALL_URL: z.url().optional(),
  /** Per-provider postback secrets: ayeT's publisher API key, ironSource's private key, the generic HMAC secret. */
  OFFERWALL_AYET_SECRET: z.string().min(8, { error: "must be at least 8 characters" }).optional(),
  OFFERWALL_IRONSOURCE_SECRET: z.string().min(8, { error: "must be at least 8 characters" }).optional(),
  OFFERWALL_GENERIC_SECRET: z.string().min(16, { error: "must be at least 16 characters" }).optional(),
  /**
   * The generic provider's parameter names, `field=name` pairs (fields: user, amount, transaction, signature,
   * reversal, offer). Its signature is the hex HMAC-SHA256 of the other parameters sorted by name, query-encoded.
   */
  OFFERWALL_GENERIC_PARAMS: z
    .string()
    .regex(/^\s*[a-z]+=[A-Za-z0-9_.-]+\s*(,\s*[a-z]+=[A-Za-z0-9_.-]+\s*)*$/, {
      error: "must be comma-separated field=name pairs",
    })
    .optional(),
  /** Comma-separated addresses postbacks may come from; any when unset. */
  OFFERWALL_ALLOWED_IPS: z.string().optional(),
  /** The most credits (cents) a player may earn in 24 hours. */
  OFFERWALL_DAILY_CAP_CENTS: z.coerce.number().int().min(0).max(10_000_000).default(5000),
  /** Hours after an account is created before its credits can be spent. */
  OFFERWALL_CREDIT_HOLD_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(24),
  /** Seconds the sandbox wall waits before sending its postback. */
  OFFERWALL_SANDBOX_DELAY_SECONDS: z.coerce.number().min(0).max(60).default(3),
  /** Seconds a whole request may take (headers and body) before the server answers 408. */
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Seconds for a client to send the request headers. */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  /** Seconds an idle keep-alive connection is kept; above a proxy's own upstream keep-alive. */
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(65),
  /** Seconds a connection may sit with no traffic at all before it is closed (live sockets ping every 30). */
  HTTP_CONNECTION_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(75),
  /** Seconds a SIGTERM gives requests in flight, jobs and the pool to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  /** A bearer token /metrics requires; in production /metrics answers only with it or on METRICS_PORT. */
  METRICS_TOKEN: z.string().min(16, { error: "must be at least 16 characters" }).optional(),
  /** A separate port, on METRICS_HOST, that serves /metrics alone (then without a token). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default("127.0.0.1"),
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  WARM_AT_START: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
});

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
type Batching = {
  purchaseRunning: number;
  /** A reserving purchase batch keeps its place until every purchase it reserved is over (`untilDone`). */
  purchaseUntilDone: boolean;
  developmentRunning: number;
};

/** The batching of a processor across the network: production's, where every processor is. */
const NETWORK_BATCHING: Batching = { purchaseRunning: 8, purchaseUntilDone: false, developmentRunning: 8 };
/** The batching of a processor in this process: the default off production (see README, Configuration). */
const LOCAL_BATCHING: Batching = { purchaseRunning: 1, purchaseUntilDone: true, developmentRunning: 2 };

export type OfferwallProvider = (typeof OFFERWALL_PROVIDERS)[number];
type OfferwallConfig = {
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

export class ConfigError extends Error {}

/** Reads the environment once; any problem is reported in one message and the process stops. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  const dataDir = path.resolve(e.DATA_DIR);
  const problems: string[] = [];
  if (isProduction) {
    if (!e.SMTP_URL) problems.push("SMTP_URL is required in production (the dev mailbox is off there)");
    if (!e.SESSION_SECRET) problems.push("SESSION_SECRET is required in production");
    if (!e.DATABASE_URL?.startsWith("postgres"))
      problems.push("DATABASE_URL must point at PostgreSQL in production");
    if (!e.PUBLIC_URL) problems.push("PUBLIC_URL is required in production");
    if (!e.SUPPORT_EMAIL)
      problems.push("SUPPORT_EMAIL is required in production (the address players write to for help)");
  }
  if (isProduction && !e.STRIPE_SECRET_KEY) {
    problems.push(
      "STRIPE_SECRET_KEY is required in production: no real payment provider (Stripe) is configured, and the sandbox gateway takes no real money",
    );
  }
  if (isProduction && e.DEVELOPMENT_TIME_SCALE < 1) {
    problems.push("DEVELOPMENT_TIME_SCALE must be at least 1 in production");
  }
  if (isProduction && e.PAYOUT_HOLD_HOURS < PAYOUT_HOLD_HOURS) {
    problems.push(`PAYOUT_HOLD_HOURS must be at least ${PAYOUT_HOLD_HOURS} in production`);
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_PUBLISHABLE_KEY) {
    problems.push(
      "STRIPE_PUBLISHABLE_KEY is required with STRIPE_SECRET_KEY (the browser tokenises cards with it)",
    );
  }
  if (isProduction && e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    problems.push("STRIPE_WEBHOOK_SECRET is required in production with Stripe");
  }
  if (Boolean(e.PAYPAL_CLIENT_ID) !== Boolean(e.PAYPAL_CLIENT_SECRET)) {
    problems.push("PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET go together: set both or neither");
  }
  if (isProduction && e.PAYPAL_CLIENT_ID && !e.PAYPAL_WEBHOOK_ID) {
    problems.push("PAYPAL_WEBHOOK_ID is required in production with PayPal");
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    problems.push("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither");
  } else if (isProduction && !e.VAPID_PUBLIC_KEY) {
    problems.push(
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production (every instance must sign pushes with the same key)",
    );
  }
  if (isProduction && e.OFFERWALL_PROVIDER === "sandbox") {
    problems.push(
      "OFFERWALL_PROVIDER must name a real partner in production (ayet, ironsource or generic): the sandbox wall gives credits for nothing",
    );
  }
  if (isProduction && e.OFFERWALL_CREDIT_HOLD_HOURS < 24) {
    problems.push("OFFERWALL_CREDIT_HOLD_HOURS must be at least 24 in production");
  }
  const wallSecret = {
    ayet: e.OFFERWALL_AYET_SECRET,
    ironsource: e.OFFERWALL_IRONSOURCE_SECRET,
    generic: e.OFFERWALL_GENERIC_SECRET,
  };
  if (e.OFFERWALL_PROVIDER !== "sandbox" && !wallSecret[e.OFFERWALL_PROVIDER]) {
    problems.push(
      `OFFERWALL_${e.OFFERWALL_PROVIDER.toUpperCase()}_SECRET is required with OFFERWALL_PROVIDER=${e.OFFERWALL_PROVIDER}`,
    );
  }
  if (e.OFFERWALL_PROVIDER !== "sandbox" && !e.OFFERWALL_WALL_URL) {
    problems.push(`OFFERWALL_WALL_URL is required with OFFERWALL_PROVIDER=${e.OFFERWALL_PROVIDER}`);
  }
  if (e.OFFERWALL_GENERIC_SECRET && !e.OFFERWALL_GENERIC_PARAMS) {
    problems.push("OFFERWALL_GENERIC_PARAMS is required with OFFERWALL_GENERIC_SECRET");
  }
  if (isProduction && !e.METRICS_TOKEN && !e.METRICS_PORT) {
    problems.push("METRICS_TOKEN or METRICS_PORT is required in production (/metrics is not public there)");
  }
  if (e.HTTP_HEADERS_TIMEOUT_SECONDS > e.HTTP_REQUEST_TIMEOUT_SECONDS) {
    problems.push("HTTP_HEADERS_TIMEOUT_SECONDS may not exceed HTTP_REQUEST_TIMEOUT_SECONDS");
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);

  const database: Config["database"] = e.DATABASE_URL?.startsWith("postgres")
    ? { kind: "postgres", url: e.DATABASE_URL }
    : { kind: "pglite", dataDir: e.DATABASE_URL === "memory://" ? null : path.join(dataDir, "db") };

  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    sessionSecret:
      e.SESSION_SECRET ??
      keptSecret(dataDir, "session-secret", database.kind === "pglite" && database.dataDir === null),
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    supportEmail: e.SUPPORT_EMAIL ?? `support@${new URL(e.PUBLIC_URL ?? "http://localhost").hostname}`,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(SERVER_DIR, "../web/dist")),
    mapDataDir: e.MAP_DATA_DIR ? path.resolve(e.MAP_DATA_DIR) : null,
    islandFile: path.resolve(SERVER_DIR, "../../data", ISLAND_FILE_NAME),
    collectionsFile: path.resolve(SERVER_DIR, "../../data", COLLECTIONS_FILE_NAME),
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
            connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET ?? null,
            apiBase: e.STRIPE_API_BASE ?? null,
          }
        : null,
    paypal:
      e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET
        ? {
            clientId: e.PAYPAL_CLIENT_ID,
            clientSecret: e.PAYPAL_CLIENT_SECRET,
            environment: e.PAYPAL_ENV,
            webhookId: e.PAYPAL_WEBHOOK_ID ?? null,
            apiBase: e.PAYPAL_API_BASE ?? null,
          }
        : null,
    rateLimit: {
      max: e.RATE_LIMIT_MAX,
      authMax: e.AUTH_RATE_LIMIT_MAX,
      redisUrl: e.REDIS_URL ?? null,
      redisPrefix: "mx-rate-limit:",
    },
    payoutHoldHours: e.PAYOUT_HOLD_HOURS,
    reportsPerDay: e.REPORTS_PER_DAY,
    push: {
      hosts: e.PUSH_SERVICE_HOSTS
        ? e.PUSH_SERVICE_HOSTS.split(",").map((h) => h.trim().toLowerCase())
        : [...KNOWN_PUSH_SERVICE_HOSTS],
      allowLocal: false,
    },
    trustProxy: e.TRUST_PROXY,
    warmAtStart: e.WARM_AT_START,
    http: {
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      connectionTimeoutMs: e.HTTP_CONNECTION_TIMEOUT_SECONDS * 1000,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    metrics: { token: e.METRICS_TOKEN ?? null, port: e.METRICS_PORT ?? null, host: e.METRICS_HOST },
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : null,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM}`,
    moneyRecoveryAfterMs: e.MONEY_RECOVERY_AFTER_SECONDS * 1000,
    developmentTimeScale: e.DEVELOPMENT_TIME_SCALE,
    batching: batchingOf(e, isProduction),
    holds: { cooldownHours: e.HOLD_COOLDOWN_HOURS, waitingPaymentsPerDay: e.WAITING_PAYMENTS_PER_DAY },
    offerwall: {
      provider: e.OFFERWALL_PROVIDER,
      wallUrl: e.OFFERWALL_WALL_URL ?? null,
      secrets: {
        ...(e.OFFERWALL_AYET_SECRET ? { ayet: e.OFFERWALL_AYET_SECRET } : {}),
        ...(e.OFFERWALL_IRONSOURCE_SECRET ? { ironsource: e.OFFERWALL_IRONSOURCE_SECRET } : {}),
        ...(e.OFFERWALL_GENERIC_SECRET ? { generic: e.OFFERWALL_GENERIC_SECRET } : {}),
      },
      genericParams: Object.fromEntries(
        (e.OFFERWALL_GENERIC_PARAMS ?? "")
          .split(",")
          .map((pair) => pair.trim().split("="))
          .filter(
            (pair): pair is [string, string] => pair.length === 2 && Boolean(pair[0]) && Boolean(pair[1]),
          ),
      ),
      allowedIps: e.OFFERWALL_ALLOWED_IPS
        ? e.OFFERWALL_ALLOWED_IPS.split(",")
            .map((ip) => ip.trim())
            .filter(Boolean)
        : null,
      dailyCapCents: e.OFFERWALL_DAILY_CAP_CENTS,
      creditHoldHours: e.OFFERWALL_CREDIT_HOLD_HOURS,
      sandboxDelayMs: e.OFFERWALL_SANDBOX_DELAY_SECONDS * 1000,
    },
  };
}

/** The batching asked for, each setting not given taken from the environment's default. */
function batchingOf(e: z.infer<typeof Env>, isProduction: boolean): Batching {
  const byDefault = isProduction ? NETWORK_BATCHING : LOCAL_BATCHING;
  return {
    purchaseRunning: e.PURCHASE_BATCH_RUNNING ?? byDefault.purchaseRunning,
    purchaseUntilDone:
      e.PURCHASE_BATCH_UNTIL_DONE === undefined
        ? byDefault.purchaseUntilDone
        : e.PURCHASE_BATCH_UNTIL_DONE === "true",
    developmentRunning: e.DEVELOPMENT_BATCH_RUNNING ?? byDefault.developmentRunning,
  };
}

/** A secret generated once and kept in the data dir, so restarts keep sessions and codes valid. */
function keptSecret(dataDir: string, name: string, ephemeral: boolean): string {
  if (ephemeral) return randomBytes(32).toString("base64url");
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Config for tests: in-memory database, quiet logs, generous limits, no payout hold (its own tests set one). */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: "test",
      DATABASE_URL: "memory://",
      LOG_LEVEL: "silent",
      RATE_LIMIT_MAX: "100000",
      AUTH_RATE_LIMIT_MAX: "100000",
      PAYOUT_HOLD_HOURS: "0",
      OFFERWALL_CREDIT_HOLD_HOURS: "0",
      // Tests of waiting payments set these limits themselves.
      HOLD_COOLDOWN_HOURS: "0",
      WAITING_PAYMENTS_PER_DAY: "10000",
      OFFERWALL_SANDBOX_DELAY_SECONDS: "0",
    }),
    push: { hosts: null, allowLocal: true },
    ...overrides,
  };
}
