import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { KNOWN_PUSH_SERVICE_HOSTS, PAYOUT_HOLD_HOURS } from "@mx/shared/constants";
import { z } from "zod";

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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST_DIR: z.string().optional(),
  MAP_DATA_DIR: z.string().default("../shared/data"),
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
  /** Only for tests and local Stripe emulators: where the SDK sends its requests. */
  STRIPE_API_BASE: z.url().optional(),
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
  /** Comma-separated push service hosts subscriptions may name; `*.example.com` allows subdomains. */
  PUSH_SERVICE_HOSTS: z
    .string()
    .regex(/^\s*(\*\.)?[a-z0-9.-]+\s*(,\s*(\*\.)?[a-z0-9.-]+\s*)*$/i, {
      error: "must be a comma-separated list of host names (*.example.com for subdomains)",
    })
    .optional(),
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
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
  logLevel: string;
  webDistDir: string;
  mapDataDir: string;
  /** Null: the sandbox gateway. */
  stripe: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string | null;
    apiBase: string | null;
  } | null;
  /** `redisUrl`: the counters live in Redis, shared by every instance, under keys starting with `redisPrefix`. */
  rateLimit: { max: number; authMax: number; redisUrl: string | null; redisPrefix: string };
  payoutHoldHours: number;
  /**
   * Which Web Push endpoints subscriptions may name: these hosts, https, public addresses only. `allowLocal` (tests
   * only) lets a push service on 127.0.0.1 through; `hosts` null allows any host.
   */
  push: { hosts: string[] | null; allowLocal: boolean };
  trustProxy: boolean;
  /** Web Push signing keys from the environment; null: generated once and kept in the data dir (see modules/live). */
  vapid: { publicKey: string; privateKey: string } | null;
  vapidSubject: string;
  /** A money operation whose step has not moved for this long is taken over by recovery (milliseconds). */
  moneyRecoveryAfterMs: number;
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
  }
  if (isProduction && !e.STRIPE_SECRET_KEY) {
    problems.push(
      "STRIPE_SECRET_KEY is required in production: no real payment provider (Stripe) is configured, and the sandbox gateway takes no real money",
    );
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
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    problems.push("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither");
  } else if (isProduction && !e.VAPID_PUBLIC_KEY) {
    problems.push(
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production (every instance must sign pushes with the same key)",
    );
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
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, "../../web/dist")),
    mapDataDir: path.resolve(e.MAP_DATA_DIR),
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
            apiBase: e.STRIPE_API_BASE ?? null,
          }
        : null,
    rateLimit: {
      max: e.RATE_LIMIT_MAX,
      authMax: e.AUTH_RATE_LIMIT_MAX,
      redisUrl: e.REDIS_URL ?? null,
      redisPrefix: "mx-rate-limit:",
    },
    payoutHoldHours: e.PAYOUT_HOLD_HOURS,
    push: {
      hosts: e.PUSH_SERVICE_HOSTS
        ? e.PUSH_SERVICE_HOSTS.split(",").map((h) => h.trim().toLowerCase())
        : [...KNOWN_PUSH_SERVICE_HOSTS],
      allowLocal: false,
    },
    trustProxy: e.TRUST_PROXY,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : null,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM}`,
    moneyRecoveryAfterMs: e.MONEY_RECOVERY_AFTER_SECONDS * 1000,
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
    }),
    push: { hosts: null, allowLocal: true },
    ...overrides,
  };
}
