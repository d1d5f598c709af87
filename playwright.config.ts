import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "apps/web/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    // CI has built the app a step before (E2E_BUILT=1); a run by hand builds what it tests.
    command: `${process.env.E2E_BUILT === "1" ? "" : "npm run build && "}node --enable-source-maps apps/server/dist/main.js`,
    url: `${baseURL}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(port),
      // Links the server makes (onboarding returns) must come back to the same origin the browser is on.
      PUBLIC_URL: baseURL,
      DATABASE_URL: "memory://",
      LOG_LEVEL: "warn",
      RATE_LIMIT_MAX: "10000",
      AUTH_RATE_LIMIT_MAX: "10000",
      // The stories add a payout card and pay out at once; the 24-hour hold has API tests of its own.
      PAYOUT_HOLD_HOURS: "0",
      // Sold buildings' proceeds are withdrawable at once in the stories; the clearing story starts a server of its own.
      EARNINGS_CLEAR_HOURS: "0",
      // A new account's credits are spendable at once in the stories; the hold has API tests of its own.
      OFFERWALL_CREDIT_HOLD_HOURS: "0",
      SUPPORT_EMAIL: "help@manhattan-exchange.test",
      // Constructions take seconds in the stories (1 h becomes 3 s, 24 h 72 s); their real times have API tests.
      DEVELOPMENT_TIME_SCALE: "1200",
    },
  },
});
