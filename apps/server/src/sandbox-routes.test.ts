import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { testConfig } from "./config";
import { createTestDatabase } from "./test/database";
import { createTestApp, type TestApp, testAppOf } from "./test/harness";

const repoRoot = path.resolve(import.meta.dirname, "../../..");

/** Method and path of every route the sandbox registered. */
function sandboxRoutesOf(t: TestApp): { method: string; url: string }[] {
  return t.app.routeTable
    .filter((r) => r.config?.sandbox === true)
    .flatMap((r) => [r.method].flat().map((method) => ({ method, url: r.url })));
}

describe("sandbox routes", () => {
  let dev: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    dev = await createTestApp();
    const { database, drop } = await createTestDatabase();
    const app = await buildApp({
      config: testConfig({
        env: "production",
        isProduction: true,
        stripe: {
          secretKey: "sk_test_x",
          publishableKey: "pk_test_x",
          webhookSecret: "whsec_x",
          apiBase: null,
        },
      }),
      database,
    });
    await app.ready();
    production = testAppOf(app, async () => {
      await app.close();
      await drop();
    });
  });
  afterAll(async () => {
    await dev?.close();
    await production?.close();
  });

  it("are all registered by the one sandbox plugin in development", () => {
    const routes = sandboxRoutesOf(dev);
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: "POST", url: "/api/v1/sandbox/tokens" },
        { method: "GET", url: "/api/v1/sandbox/checkout/session" },
        { method: "POST", url: "/api/v1/sandbox/checkout/pay" },
        { method: "POST", url: "/api/v1/sandbox/checkout/shipping" },
        { method: "GET", url: "/sandbox/onboarding" },
        { method: "POST", url: "/sandbox/onboarding" },
      ]),
    );
    // A sandbox page registered anywhere else would escape the production gate.
    const elsewhere = dev.app.routeTable.filter((r) => /sandbox/i.test(r.url) && r.config?.sandbox !== true);
    expect(elsewhere.map((r) => r.url)).toEqual([]);
  });

  it("none of them exists in production, nor the dev mailbox", async () => {
    const routes = sandboxRoutesOf(dev);
    expect(routes.length).toBeGreaterThanOrEqual(5);
    expect(sandboxRoutesOf(production)).toEqual([]);
    for (const { method, url } of routes) {
      expect(production.app.hasRoute({ method: method as "GET", url }), `${method} ${url}`).toBe(false);
      const res = await production.call(method as "GET", url, method === "GET" ? {} : { body: {} });
      // Outside /api a page address may fall back to the web app's index, never to a sandbox page.
      const absent = res.statusCode === 404 || (!url.startsWith("/api/") && !/sandbox/i.test(res.body));
      expect(absent, `${method} ${url}: ${res.statusCode}`).toBe(true);
    }
    expect((await production.call("POST", "/api/v1/sandbox/tokens", { body: {} })).json().code).toBe(
      "NOT_FOUND",
    );
    expect(production.app.routeTable.some((r) => r.url.startsWith("/dev/"))).toBe(false);
  });

  it("the app refuses to be built for production on the sandbox gateway", async () => {
    const { database, drop } = await createTestDatabase();
    try {
      await expect(
        buildApp({ config: testConfig({ env: "production", isProduction: true }), database }),
      ).rejects.toThrow(/sandbox payment gateway cannot run in production/);
    } finally {
      await drop();
    }
  });
});

describe("the server process in production without Stripe keys", () => {
  it("exits non-zero naming the missing payment provider", async () => {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      SMTP_URL: "smtps://user:pass@smtp.example.com:465",
      SESSION_SECRET: "s".repeat(40),
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/never_opened",
      PUBLIC_URL: "https://exchange.example.com",
      SUPPORT_EMAIL: "help@exchange.example.com",
      VAPID_PUBLIC_KEY: "B".repeat(87),
      VAPID_PRIVATE_KEY: "k".repeat(43),
      PORT: "3309",
    };
    const child = spawn("npx", ["tsx", "apps/server/src/main.ts"], { cwd: repoRoot, env });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += String(chunk);
    });
    child.stderr.on("data", (chunk) => {
      output += String(chunk);
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).not.toBe(0);
    expect(output).toContain("STRIPE_SECRET_KEY is required in production");
    expect(output).toMatch(/payment provider \(Stripe\)/);
    expect(output).not.toContain("is running at");
  }, 60_000);
});
