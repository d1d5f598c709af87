import { integer, jsonb, text, timestamp } from "drizzle-orm/pg-core";
import { postbackState, sandbox } from "./sandbox-schema";

/**
 * The sandbox offer-wall partner's postbacks to the product, kept as a partner keeps its own: written when the
 * player completes an offer, sent when due, tried again while the product answers with an error or not at all, and
 * found again by the next sweep after a restart.
 */
export const sandboxOfferPostbacks = sandbox.table("offer_postbacks", {
  id: text("id").primaryKey(),
  /** The product's address, the postback's path and its signed parameters. */
  base: text("base").notNull(),
  path: text("path").notNull(),
  params: jsonb("params").$type<Record<string, string>>().notNull(),
  state: postbackState("state").notNull().default("queued"),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
  notBefore: timestamp("not_before", { withTimezone: true }).notNull().defaultNow(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp("sent_at", { withTimezone: true }),
});
