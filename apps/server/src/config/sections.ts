import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { KNOWN_PUSH_SERVICE_HOSTS } from "@mx/shared/constants";
import type { EnvValues } from "./env";
import type { Batching, Config, OfferwallConfig } from "./types";

/** What the batching's defaults depend on: where the processor runs (the waits are the same everywhere). */
type BatchingByProcessor = Omit<Batching, "purchaseWaitMs" | "developmentWaitMs">;
/** The batching of a processor across the network: production's, where every processor is. */
const NETWORK_BATCHING: BatchingByProcessor = {
  purchaseRunning: 8,
  purchaseUntilDone: false,
  developmentRunning: 8,
  developmentUntilDone: false,
};
/** The batching of a processor in this process: the default off production (see README, Configuration). */
const LOCAL_BATCHING: BatchingByProcessor = {
  purchaseRunning: 1,
  purchaseUntilDone: true,
  developmentRunning: 1,
  developmentUntilDone: true,
};

/** PostgreSQL when DATABASE_URL names it; else the embedded PGlite, in memory or in the data dir. */
export function databaseOf(e: EnvValues, dataDir: string): Config["database"] {
  return e.DATABASE_URL?.startsWith("postgres")
    ? { kind: "postgres", url: e.DATABASE_URL }
    : { kind: "pglite", dataDir: e.DATABASE_URL === "memory://" ? null : path.join(dataDir, "db") };
}

/** Stripe's keys, when both are set; null for the sandbox gateway. */
export function stripeOf(e: EnvValues): Config["stripe"] {
  return e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
    ? {
        secretKey: e.STRIPE_SECRET_KEY,
        publishableKey: e.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
        connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET ?? null,
        apiBase: e.STRIPE_API_BASE ?? null,
      }
    : null;
}

/** PayPal's client, when its id and secret are set; null otherwise. */
export function paypalOf(e: EnvValues): Config["paypal"] {
  return e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET
    ? {
        clientId: e.PAYPAL_CLIENT_ID,
        clientSecret: e.PAYPAL_CLIENT_SECRET,
        environment: e.PAYPAL_ENV,
        webhookId: e.PAYPAL_WEBHOOK_ID ?? null,
        apiBase: e.PAYPAL_API_BASE ?? null,
      }
    : null;
}

/** The push services subscriptions may name: the hosts given, or the known ones. */
export function pushOf(e: EnvValues): Config["push"] {
  return {
    hosts: e.PUSH_SERVICE_HOSTS
      ? e.PUSH_SERVICE_HOSTS.split(",").map((h) => h.trim().toLowerCase())
      : [...KNOWN_PUSH_SERVICE_HOSTS],
    allowLocal: false,
  };
}

/** The HTTP timeouts, in milliseconds. */
export function httpOf(e: EnvValues): Config["http"] {
  return {
    requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
    keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    connectionTimeoutMs: e.HTTP_CONNECTION_TIMEOUT_SECONDS * 1000,
  };
}

/** The Web Push signing keys, when both are set; null: generated once and kept in the data dir. */
export function vapidOf(e: EnvValues): Config["vapid"] {
  return e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
    ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
    : null;
}

/** The offer wall: its partner, wall, secrets, the generic partner's parameters and the limits on credits. */
export function offerwallOf(e: EnvValues): OfferwallConfig {
  return {
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
  };
}

/** The batching asked for, each setting not given taken from the environment's default. */
export function batchingOf(e: EnvValues, isProduction: boolean): Batching {
  const byDefault = isProduction ? NETWORK_BATCHING : LOCAL_BATCHING;
  return {
    purchaseRunning: e.PURCHASE_BATCH_RUNNING ?? byDefault.purchaseRunning,
    purchaseUntilDone:
      e.PURCHASE_BATCH_UNTIL_DONE === undefined
        ? byDefault.purchaseUntilDone
        : e.PURCHASE_BATCH_UNTIL_DONE === "true",
    developmentRunning: e.DEVELOPMENT_BATCH_RUNNING ?? byDefault.developmentRunning,
    developmentUntilDone:
      e.DEVELOPMENT_BATCH_UNTIL_DONE === undefined
        ? byDefault.developmentUntilDone
        : e.DEVELOPMENT_BATCH_UNTIL_DONE === "true",
    purchaseWaitMs: e.PURCHASE_BATCH_WAIT_MS,
    developmentWaitMs: e.DEVELOPMENT_BATCH_WAIT_MS,
  };
}

/** A secret generated once and kept in the data dir, so restarts keep sessions and codes valid. */
export function keptSecret(dataDir: string, name: string, ephemeral: boolean): string {
  if (ephemeral) return randomBytes(32).toString("base64url");
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
