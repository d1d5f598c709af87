import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, testConfig } from "../config";

const base = { DATA_DIR: "/tmp/mx-config-test" };
const production = {
  NODE_ENV: "production",
  SMTP_URL: "smtp://mail.example.com",
  SESSION_SECRET: "s".repeat(32),
  DATABASE_URL: "postgres://u@h:5432/product",
  PUBLIC_URL: "https://mx.example.com",
  SUPPORT_EMAIL: "help@example.com",
  STRIPE_SECRET_KEY: "sk_live_x",
  STRIPE_PUBLISHABLE_KEY: "pk_live_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  VAPID_PUBLIC_KEY: "B".repeat(87),
  VAPID_PRIVATE_KEY: "p".repeat(43),
  METRICS_TOKEN: "a-metrics-token-of-some-length",
  OFFERWALL_PROVIDER: "ayet",
  OFFERWALL_AYET_SECRET: "publisher-api-key",
  OFFERWALL_WALL_URL: "https://offers.example.com/wall?external_identifier={user}",
};

describe("SANDBOX_DATABASE_URL", () => {
  it("is unset by default: the sandbox keeps its tables in the product's database", () => {
    expect(loadConfig(base).sandboxDatabaseUrl).toBeNull();
    expect(testConfig().sandboxDatabaseUrl).toBeNull();
  });

  it("takes a PostgreSQL URL, in either spelling, beside an embedded or a PostgreSQL product database", () => {
    const url = "postgres://postgres@127.0.0.1:5432/sandbox";
    const embedded = loadConfig({ ...base, SANDBOX_DATABASE_URL: url });
    expect(embedded.database.kind).toBe("pglite");
    expect(embedded.sandboxDatabaseUrl).toBe(url);
    const config = loadConfig({
      ...base,
      DATABASE_URL: "postgresql://u@h:5432/product",
      SANDBOX_DATABASE_URL: "postgresql://u@h:5432/sandbox",
    });
    expect(config.database).toEqual({ kind: "postgres", url: "postgresql://u@h:5432/product" });
    expect(config.sandboxDatabaseUrl).toBe("postgresql://u@h:5432/sandbox");
  });

  it("refuses anything but a PostgreSQL URL, saying so", () => {
    for (const value of ["memory://", "mysql://u@h/sandbox", "/var/lib/sandbox", ""]) {
      expect(() => loadConfig({ ...base, SANDBOX_DATABASE_URL: value })).toThrowError(ConfigError);
      expect(() => loadConfig({ ...base, SANDBOX_DATABASE_URL: value })).toThrowError(
        /SANDBOX_DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\//,
      );
    }
  });

  it("is ignored in production, where the sandbox never runs", () => {
    expect(loadConfig(production).isProduction).toBe(true);
    const config = loadConfig({ ...production, SANDBOX_DATABASE_URL: "postgres://u@h:5432/sandbox" });
    expect(config.sandboxDatabaseUrl).toBeNull();
  });
});
