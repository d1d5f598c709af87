import path from "node:path";
import { problemsOf } from "./config/checks";
import { Env } from "./config/env";
import {
  batchingOf,
  databaseOf,
  httpOf,
  keptSecret,
  offerwallOf,
  paypalOf,
  pushOf,
  stripeOf,
  vapidOf,
} from "./config/sections";
import type { Config } from "./config/types";

export { OFFERWALL_PROVIDERS } from "./config/env";
export type { Config, OfferwallProvider } from "./config/types";

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
  const problems = problemsOf(e, isProduction);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);

  const database = databaseOf(e, dataDir);

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
    stripe: stripeOf(e),
    paypal: paypalOf(e),
    rateLimit: {
      max: e.RATE_LIMIT_MAX,
      authMax: e.AUTH_RATE_LIMIT_MAX,
      redisUrl: e.REDIS_URL ?? null,
      redisPrefix: "mx-rate-limit:",
    },
    payoutHoldHours: e.PAYOUT_HOLD_HOURS,
    earningsClearHours: e.EARNINGS_CLEAR_HOURS,
    sandboxNoticeDelayMs: e.SANDBOX_NOTICE_DELAY_MS,
    // The sandbox never runs in production, nor does its database.
    sandboxDatabaseUrl: isProduction ? null : (e.SANDBOX_DATABASE_URL ?? null),
    reportsPerDay: e.REPORTS_PER_DAY,
    push: pushOf(e),
    trustProxy: e.TRUST_PROXY,
    warmAtStart: e.WARM_AT_START,
    http: httpOf(e),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    metrics: { token: e.METRICS_TOKEN ?? null, port: e.METRICS_PORT ?? null, host: e.METRICS_HOST },
    vapid: vapidOf(e),
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM}`,
    moneyRecoveryAfterMs: e.MONEY_RECOVERY_AFTER_SECONDS * 1000,
    developmentTimeScale: e.DEVELOPMENT_TIME_SCALE,
    batching: batchingOf(e, isProduction),
    holds: { cooldownHours: e.HOLD_COOLDOWN_HOURS, waitingPaymentsPerDay: e.WAITING_PAYMENTS_PER_DAY },
    offerwall: offerwallOf(e),
  };
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
      // Proceeds are withdrawable at once; the clearing's own tests set hours.
      EARNINGS_CLEAR_HOURS: "0",
      OFFERWALL_CREDIT_HOLD_HOURS: "0",
      // Tests of waiting payments set these limits themselves.
      HOLD_COOLDOWN_HOURS: "0",
      WAITING_PAYMENTS_PER_DAY: "10000",
      OFFERWALL_SANDBOX_DELAY_SECONDS: "0",
      // The sandbox's disputes and warnings are due at once; tests deliver them with deliverSandboxNotices.
      SANDBOX_NOTICE_DELAY_MS: "0",
    }),
    push: { hosts: null, allowLocal: true },
    ...overrides,
  };
}
