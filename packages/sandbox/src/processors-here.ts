import type { ProcessorNotices } from "@mx/processors/gateway";
import type { Db } from "./db";

/**
 * What the server hands the sandbox's card processor (and its PayPal) when it runs here: the database it keeps its
 * records in, the app's public address (the only place its pages send a player back to), how many requests a minute
 * one address may make to its API, what it tells the platform where Stripe would send a webhook, and how soon it
 * tells of what happens after a payment (Stripe's "shortly after").
 */
export type ProcessorsHere = {
  db: Db;
  publicUrl: string;
  requestsPerMinute: number;
  notices: ProcessorNotices;
  /** How long after a payment its dispute or early fraud warning (and after evidence, the decision) is told. */
  disputeDelayMs: number;
};
