import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("defaults to PGlite in ./data/db, port 3000 and the dev mailbox", () => {
    const config = loadConfig({ DATA_DIR: "/tmp/mx-config-test" });
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: "pglite", dataDir: "/tmp/mx-config-test/db" });
    expect(config.mail.smtpUrl).toBeNull();
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.sessionSecret).toBe(loadConfig({ DATA_DIR: "/tmp/mx-config-test" }).sessionSecret);
  });

  it("takes PAYPAL_WEBHOOK_ID only in PayPal's form, letters and digits", () => {
    const base = { DATA_DIR: "/tmp/mx-config-test" };
    expect(() => loadConfig({ ...base, PAYPAL_WEBHOOK_ID: "5GP028458E2496506" })).not.toThrow();
    expect(() => loadConfig({ ...base, PAYPAL_WEBHOOK_ID: "WH-EMULATOR" })).toThrowError(
      /PAYPAL_WEBHOOK_ID.*letters and digits only/,
    );
  });

  it("uses PostgreSQL when DATABASE_URL says so", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u@h:5432/db", SESSION_SECRET: "s".repeat(32) });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u@h:5432/db" });
  });

  it("fails fast with one message naming every bad variable", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x" })).toThrowError(
      /Invalid configuration:\n {2}PORT: .*\n {2}DATABASE_URL: must start with postgres/,
    );
  });

  it("refuses production without SMTP, a secret, PostgreSQL, a public URL and Stripe", () => {
    try {
      loadConfig({ NODE_ENV: "production" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      for (const name of [
        "SMTP_URL",
        "SESSION_SECRET",
        "DATABASE_URL",
        "PUBLIC_URL",
        "STRIPE_SECRET_KEY",
        "SUPPORT_EMAIL",
      ])
        expect(message).toContain(name);
    }
  });

  it("takes the support address from SUPPORT_EMAIL, and outside production defaults it to the public host", () => {
    expect(loadConfig({ SUPPORT_EMAIL: "help@mx.test" }).supportEmail).toBe("help@mx.test");
    expect(loadConfig({ PUBLIC_URL: "https://game.mx.test" }).supportEmail).toBe("support@game.mx.test");
    expect(() => loadConfig({ SUPPORT_EMAIL: "not an address" })).toThrowError(
      /SUPPORT_EMAIL: must be an e-mail/,
    );
  });
});

describe("the offer wall's configuration", () => {
  const production = {
    NODE_ENV: "production",
    SMTP_URL: "smtp://mail.example.com",
    SESSION_SECRET: "s".repeat(32),
    DATABASE_URL: "postgres://u@h:5432/db",
    PUBLIC_URL: "https://mx.example.com",
    STRIPE_SECRET_KEY: "sk_live_x",
    STRIPE_PUBLISHABLE_KEY: "pk_live_x",
    STRIPE_WEBHOOK_SECRET: "whsec_x",
    VAPID_PUBLIC_KEY: "B".repeat(87),
    VAPID_PRIVATE_KEY: "p".repeat(43),
    SUPPORT_EMAIL: "help@example.com",
    METRICS_TOKEN: "a-metrics-token-of-some-length",
  };

  it("refuses the sandbox wall in production", () => {
    expect(() => loadConfig(production)).toThrowError(/OFFERWALL_PROVIDER must name a real partner/);
  });

  it("takes a real partner in production only with its secret and wall URL", () => {
    expect(() => loadConfig({ ...production, OFFERWALL_PROVIDER: "ayet" })).toThrowError(
      /OFFERWALL_AYET_SECRET is required[\s\S]*OFFERWALL_WALL_URL is required/,
    );
    const config = loadConfig({
      ...production,
      OFFERWALL_PROVIDER: "ayet",
      OFFERWALL_AYET_SECRET: "publisher-api-key",
      OFFERWALL_WALL_URL: "https://offers.example.com/wall?external_identifier={user}",
    });
    expect(config.offerwall.provider).toBe("ayet");
    expect(config.offerwall.secrets).toEqual({ ayet: "publisher-api-key" });
    expect(config.offerwall.creditHoldHours).toBe(24);
  });

  it("reads the generic provider's parameter names", () => {
    const config = loadConfig({
      OFFERWALL_GENERIC_SECRET: "g".repeat(16),
      OFFERWALL_GENERIC_PARAMS: "user=uid, amount=points,transaction=tx,signature=sig",
    });
    expect(config.offerwall.genericParams).toEqual({
      user: "uid",
      amount: "points",
      transaction: "tx",
      signature: "sig",
    });
    expect(() => loadConfig({ OFFERWALL_GENERIC_SECRET: "g".repeat(16) })).toThrowError(
      /OFFERWALL_GENERIC_PARAMS is required/,
    );
  });
});

describe("batching", () => {
  const production = {
    NODE_ENV: "production",
    SMTP_URL: "smtp://mail.mx.test",
    SESSION_SECRET: "s".repeat(32),
    DATABASE_URL: "postgres://u@h:5432/db",
    PUBLIC_URL: "https://mx.test",
    SUPPORT_EMAIL: "help@mx.test",
    STRIPE_SECRET_KEY: "sk_test_x",
    STRIPE_PUBLISHABLE_KEY: "pk_test_x",
    STRIPE_WEBHOOK_SECRET: "whsec_x",
    VAPID_PUBLIC_KEY: "A".repeat(87),
    VAPID_PRIVATE_KEY: "A".repeat(43),
    OFFERWALL_PROVIDER: "generic",
    OFFERWALL_WALL_URL: "https://wall.mx.test/{user}",
    OFFERWALL_GENERIC_SECRET: "g".repeat(16),
    OFFERWALL_GENERIC_PARAMS: "user=uid",
    METRICS_TOKEN: "m".repeat(16),
  };

  it("defaults to few, held batches off production and overlapping ones in production", () => {
    expect(loadConfig({ DATA_DIR: "/tmp/mx-config-test" }).batching).toEqual({
      purchaseRunning: 1,
      purchaseUntilDone: true,
      developmentRunning: 1,
      developmentUntilDone: true,
      purchaseWaitMs: 2,
      developmentWaitMs: 2,
    });
    expect(loadConfig(production).batching).toEqual({
      purchaseRunning: 8,
      purchaseUntilDone: false,
      developmentRunning: 8,
      developmentUntilDone: false,
      purchaseWaitMs: 2,
      developmentWaitMs: 2,
    });
  });

  it("takes each setting from the environment", () => {
    const env = {
      PURCHASE_BATCH_RUNNING: "4",
      PURCHASE_BATCH_UNTIL_DONE: "false",
      DEVELOPMENT_BATCH_RUNNING: "3",
      DEVELOPMENT_BATCH_UNTIL_DONE: "false",
      PURCHASE_BATCH_WAIT_MS: "0",
      DEVELOPMENT_BATCH_WAIT_MS: "5",
    };
    const expected = {
      purchaseRunning: 4,
      purchaseUntilDone: false,
      developmentRunning: 3,
      developmentUntilDone: false,
      purchaseWaitMs: 0,
      developmentWaitMs: 5,
    };
    expect(loadConfig({ DATA_DIR: "/tmp/mx-config-test", ...env }).batching).toEqual(expected);
    expect(loadConfig({ ...production, ...env }).batching).toEqual(expected);
    expect(loadConfig({ ...production, PURCHASE_BATCH_UNTIL_DONE: "true" }).batching.purchaseUntilDone).toBe(
      true,
    );
    expect(() => loadConfig({ PURCHASE_BATCH_WAIT_MS: "60" })).toThrowError(/PURCHASE_BATCH_WAIT_MS/);
    expect(() => loadConfig({ PURCHASE_BATCH_RUNNING: "0", DEVELOPMENT_BATCH_RUNNING: "many" })).toThrowError(
      /PURCHASE_BATCH_RUNNING[\s\S]*DEVELOPMENT_BATCH_RUNNING/,
    );
  });
});

describe("DEVELOPMENT_TIME_SCALE", () => {
  it("defaults to 1, shortens construction when larger, and is refused below 1 in production", () => {
    expect(loadConfig({}).developmentTimeScale).toBe(1);
    expect(loadConfig({ DEVELOPMENT_TIME_SCALE: "3600" }).developmentTimeScale).toBe(3600);
    expect(() => loadConfig({ DEVELOPMENT_TIME_SCALE: "0" })).toThrowError(/DEVELOPMENT_TIME_SCALE/);
    expect(() => loadConfig({ NODE_ENV: "production", DEVELOPMENT_TIME_SCALE: "0.5" })).toThrowError(
      /DEVELOPMENT_TIME_SCALE must be at least 1 in production/,
    );
  });
});
