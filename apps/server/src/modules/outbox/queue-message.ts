import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { outboxMessages } from "../../db/schema/outbox";
import { newId } from "../../lib/secrets";
import type { Mail } from "../mail/mailer";

/** The sandbox offer wall's call to this server: where it answers, the postback's path and its signed parameters. */
export type OfferPostback = { base: string; path: string; params: Record<string, string> };

/** What a caller gets back: the message's id and how long it waits before its first try, for `deliverSoon`. */
export type QueuedMessage = { id: string; delayMs: number };

/**
 * Queues an e-mail in the caller's transaction (or on its database handle): it exists, and is sent, only if the
 * caller's change commits. The support address is filled in when it is sent (the app's mailer does it).
 */
export async function queueMail(q: Queryable, mail: Mail): Promise<QueuedMessage> {
  const { to, subject, text, html } = mail;
  return insertMessage(q, "mail", { to, subject, text, html }, 0);
}

/** Queues the sandbox offer wall's postback, to be made `delayMs` from now at the earliest. */
export async function queuePostback(
  q: Queryable,
  postback: OfferPostback,
  delayMs: number,
): Promise<QueuedMessage> {
  return insertMessage(q, "offer_postback", postback, Math.max(0, delayMs));
}

async function insertMessage(
  q: Queryable,
  kind: "mail" | "offer_postback",
  payload: object,
  delayMs: number,
): Promise<QueuedMessage> {
  const id = newId();
  // Timed by the database's clock, which every sender's claim reads.
  const notBefore = sql`now() + make_interval(secs => ${delayMs / 1000})`;
  await q.insert(outboxMessages).values({ id, kind, payload, notBefore });
  return { id, delayMs };
}
