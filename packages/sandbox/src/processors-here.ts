import type { ProcessorNotices } from "@mx/processors/gateway";
import type { Db } from "./db";

/**
 * What the server hands the sandbox's card processor (and its PayPal) when it runs here: the database it keeps its
 * records in, the app's public address (the only place its pages send a player back to), how many requests a minute
 * one address may make to its API, and what it tells the platform where Stripe would send a webhook.
 */
export type ProcessorsHere = {
  db: Db;
  publicUrl: string;
  requestsPerMinute: number;
  notices: ProcessorNotices;
};
