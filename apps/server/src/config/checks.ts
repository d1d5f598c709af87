import { EARNINGS_CLEAR_MIN_PRODUCTION_HOURS, PAYOUT_HOLD_HOURS } from "@mx/shared/constants";
import type { EnvValues } from "./env";

/** Every problem with the settings taken together, in the order they are reported; empty when there is none. */
export function problemsOf(e: EnvValues, isProduction: boolean): string[] {
  return [
    ...productionProblems(e, isProduction),
    ...paymentProblems(e, isProduction),
    ...pushProblems(e, isProduction),
    ...offerwallProblems(e, isProduction),
    ...serverProblems(e, isProduction),
  ];
}

/** What production requires of its database, mail, addresses, processor and game rules. */
function productionProblems(e: EnvValues, isProduction: boolean): string[] {
  const problems: string[] = [];
  if (isProduction) {
    if (!e.SMTP_URL) problems.push("SMTP_URL is required in production (the dev mailbox is off there)");
    if (!e.SESSION_SECRET) problems.push("SESSION_SECRET is required in production");
    if (!e.DATABASE_URL?.startsWith("postgres"))
      problems.push("DATABASE_URL must point at PostgreSQL in production");
    if (!e.PUBLIC_URL) problems.push("PUBLIC_URL is required in production");
    if (!e.SUPPORT_EMAIL)
      problems.push("SUPPORT_EMAIL is required in production (the address players write to for help)");
  }
  if (isProduction && !e.STRIPE_SECRET_KEY) {
    problems.push(
      "STRIPE_SECRET_KEY is required in production: no real payment provider (Stripe) is configured, and the sandbox gateway takes no real money",
    );
  }
  if (isProduction && e.DEVELOPMENT_TIME_SCALE < 1) {
    problems.push("DEVELOPMENT_TIME_SCALE must be at least 1 in production");
  }
  if (isProduction && e.EARNINGS_CLEAR_HOURS < EARNINGS_CLEAR_MIN_PRODUCTION_HOURS) {
    problems.push(
      `EARNINGS_CLEAR_HOURS must be at least ${EARNINGS_CLEAR_MIN_PRODUCTION_HOURS} in production`,
    );
  }
  if (isProduction && e.PAYOUT_HOLD_HOURS < PAYOUT_HOLD_HOURS) {
    problems.push(`PAYOUT_HOLD_HOURS must be at least ${PAYOUT_HOLD_HOURS} in production`);
  }
  return problems;
}

/** Stripe's and PayPal's settings: the ones that go together, and the webhooks production needs. */
function paymentProblems(e: EnvValues, isProduction: boolean): string[] {
  const problems: string[] = [];
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_PUBLISHABLE_KEY) {
    problems.push(
      "STRIPE_PUBLISHABLE_KEY is required with STRIPE_SECRET_KEY (the browser tokenises cards with it)",
    );
  }
  if (isProduction && e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    problems.push("STRIPE_WEBHOOK_SECRET is required in production with Stripe");
  }
  if (Boolean(e.PAYPAL_CLIENT_ID) !== Boolean(e.PAYPAL_CLIENT_SECRET)) {
    problems.push("PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET go together: set both or neither");
  }
  if (isProduction && e.PAYPAL_CLIENT_ID && !e.PAYPAL_WEBHOOK_ID) {
    problems.push("PAYPAL_WEBHOOK_ID is required in production with PayPal");
  }
  return problems;
}

/** The Web Push keys: both or neither, and both in production. */
function pushProblems(e: EnvValues, isProduction: boolean): string[] {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    return ["VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither"];
  }
  if (isProduction && !e.VAPID_PUBLIC_KEY) {
    return [
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production (every instance must sign pushes with the same key)",
    ];
  }
  return [];
}

/** The offer wall: a real partner in production, with its secret, wall and parameters. */
function offerwallProblems(e: EnvValues, isProduction: boolean): string[] {
  const problems: string[] = [];
  if (isProduction && e.OFFERWALL_PROVIDER === "sandbox") {
    problems.push(
      "OFFERWALL_PROVIDER must name a real partner in production (ayet, ironsource or generic): the sandbox wall gives credits for nothing",
    );
  }
  if (isProduction && e.OFFERWALL_CREDIT_HOLD_HOURS < 24) {
    problems.push("OFFERWALL_CREDIT_HOLD_HOURS must be at least 24 in production");
  }
  const wallSecret = {
    ayet: e.OFFERWALL_AYET_SECRET,
    ironsource: e.OFFERWALL_IRONSOURCE_SECRET,
    generic: e.OFFERWALL_GENERIC_SECRET,
  };
  if (e.OFFERWALL_PROVIDER !== "sandbox" && !wallSecret[e.OFFERWALL_PROVIDER]) {
    problems.push(
      `OFFERWALL_${e.OFFERWALL_PROVIDER.toUpperCase()}_SECRET is required with OFFERWALL_PROVIDER=${e.OFFERWALL_PROVIDER}`,
    );
  }
  if (e.OFFERWALL_PROVIDER !== "sandbox" && !e.OFFERWALL_WALL_URL) {
    problems.push(`OFFERWALL_WALL_URL is required with OFFERWALL_PROVIDER=${e.OFFERWALL_PROVIDER}`);
  }
  if (e.OFFERWALL_GENERIC_SECRET && !e.OFFERWALL_GENERIC_PARAMS) {
    problems.push("OFFERWALL_GENERIC_PARAMS is required with OFFERWALL_GENERIC_SECRET");
  }
  return problems;
}

/** The metrics' guard in production, and timeouts that fit inside each other. */
function serverProblems(e: EnvValues, isProduction: boolean): string[] {
  const problems: string[] = [];
  if (isProduction && !e.METRICS_TOKEN && !e.METRICS_PORT) {
    problems.push("METRICS_TOKEN or METRICS_PORT is required in production (/metrics is not public there)");
  }
  if (e.HTTP_HEADERS_TIMEOUT_SECONDS > e.HTTP_REQUEST_TIMEOUT_SECONDS) {
    problems.push("HTTP_HEADERS_TIMEOUT_SECONDS may not exceed HTTP_REQUEST_TIMEOUT_SECONDS");
  }
  return problems;
}
