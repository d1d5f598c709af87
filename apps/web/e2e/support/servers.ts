import { availableParallelism } from "node:os";

/**
 * The stories' servers: one per Playwright worker, each with a database of its own in memory, so two workers
 * never see each other's players, sales or leaderboards. Worker N (its parallel index) talks to the server on
 * E2E_PORT + N; the clearing story starts one more, 1000 ports above its worker's.
 */

/**
 * How many workers, and so servers, a run uses: E2E_WORKERS, else one per two cores. The browser draws the map in
 * software: on two cores a second worker only halves the speed of the first (measured: each story took about
 * twice as long, and stories with timing in them failed).
 */
export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? Math.floor(availableParallelism() / 2)));

const FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);

export function workerPort(parallelIndex: number): number {
  return FIRST_PORT + parallelIndex;
}

export function workerURL(parallelIndex: number): string {
  return `http://127.0.0.1:${workerPort(parallelIndex)}`;
}

/** What every story server runs with, besides PORT and PUBLIC_URL. */
export const STORY_SERVER_ENV: Record<string, string> = {
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
};

/** The environment of the server on `port`: links it makes (onboarding returns) come back to the same origin. */
export function storyServerEnv(port: number, overrides: Record<string, string> = {}): Record<string, string> {
  return { ...STORY_SERVER_ENV, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...overrides };
}
