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
      for (const name of ["SMTP_URL", "SESSION_SECRET", "DATABASE_URL", "PUBLIC_URL", "STRIPE_SECRET_KEY"])
        expect(message).toContain(name);
    }
  });
});
