import { EARNINGS_CLEAR_HOURS, PAYOUT_HOLD_HOURS } from "@mx/shared/constants";
import { z } from "zod";

/** The offer-wall partners a server may be configured with. */
export const OFFERWALL_PROVIDERS = ["sandbox", "ayet", "ironsource", "generic"] as const;

/** The environment variables the server reads, each with its check and default. */
export const Env = z.object({
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
  /** Hours a seller's proceeds from a card or PayPal payment clear before they can be withdrawn; at least 24 in production. */
  EARNINGS_CLEAR_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(EARNINGS_CLEAR_HOURS),
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
  /** A development batch keeps its place until its developments are over; `false` in production unless set. */
  DEVELOPMENT_BATCH_UNTIL_DONE: z.enum(["true", "false"]).optional(),
  /** How long a batch of purchases may wait for more while other requests are in flight, in ms; 0 never waits. */
  PURCHASE_BATCH_WAIT_MS: z.coerce.number().int().min(0).max(50).default(2),
  /** How long a batch of developments may wait for more while other requests are in flight, in ms; 0 never waits. */
  DEVELOPMENT_BATCH_WAIT_MS: z.coerce.number().int().min(0).max(50).default(2),
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
  /** Milliseconds after a payment before the sandbox processor tells of its dispute or early fraud warning. */
  SANDBOX_NOTICE_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(10 * 60_000)
    .default(3000),
  /**
   * A PostgreSQL database of its own for the sandbox processors' tables (off production only); unset, they sit in
   * schema `sandbox` of the product's database.
   */
  SANDBOX_DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), { error: "must start with postgres:// or postgresql://" })
    .optional(),
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

/** The environment as read: every variable checked, defaults filled in. */
export type EnvValues = z.infer<typeof Env>;
