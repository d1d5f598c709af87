import { defineConfig, devices } from "@playwright/test";
import { storyServerEnv, WORKERS, workerPort, workerURL } from "./apps/web/e2e/support/servers";

/**
 * The stories that keep the 3-D map drawing for long (it is drawn in software here): two at once starve each other
 * of CPU, so they run one at a time, each beside one of the other stories.
 */
const MAP_STORIES = [
  "a-collector-hears-of-the-last-building-and-completes-the-block",
  "a-player-completes-a-collection",
  "a-watcher-hears-when-a-building-moves",
  "develop-buildings",
  "find-a-building-by-address",
  "island",
  "live-map",
  "map-views",
  "map",
  "market",
  "towers-at-their-true-height",
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: "apps/web/e2e",
  // A file runs in one worker, its tests in order; files are shared out between the workers as they free up, at
  // most one of the map stories at a time.
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    // Each worker's own server: the `baseURL` fixture in apps/web/e2e/support/fixtures.ts.
    // A failed story keeps its trace (actions, DOM snapshots, network), without the screencast: recording frames of
    // a map drawn in software made the map stories take 40 % longer. Its screenshot at the failure is kept apart.
    trace: { mode: "retain-on-failure", screenshots: false },
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
  // One worker runs every file in name order, as ever; with more, the map stories are a project held to one.
  projects:
    WORKERS === 1
      ? [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }]
      : [
          { name: "map", testMatch: MAP_STORIES, workers: 1, use: { ...devices["Desktop Chrome"] } },
          { name: "stories", testIgnore: MAP_STORIES, use: { ...devices["Desktop Chrome"] } },
        ],
  // One server per worker, each with its own database (apps/web/e2e/support/servers.ts). `npm run test:e2e`
  // builds the app first unless E2E_BUILT=1 says it is built; `npx playwright test` serves the last build.
  webServer: Array.from({ length: WORKERS }, (_, lane) => ({
    command: "node --enable-source-maps apps/server/dist/main.js",
    url: `${workerURL(lane)}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    env: storyServerEnv(workerPort(lane)),
  })),
});
