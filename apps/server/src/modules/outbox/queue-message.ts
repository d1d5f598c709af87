import { newId } from "@mx/kit/secrets";
import { queryRows } from "@mx/kit/sql";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { pushSubscriptions } from "../../db/schema/live";
import { outboxMessages } from "../../db/schema/outbox";
import type { Mail } from "../mail/mailer";

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

/** One Web Push: the activity it announces, to one of its player's subscriptions. */
export type QueuedPush = { activityId: string; subscriptionId: string };

/**
 * Queues, in the transaction that writes the activity, one push message for each subscription its player has now:
 * the pushes exist only if the activity commits. One message per subscription, made here rather than one per
 * activity fanned out when it is sent, so that each device is tried, retried and marked sent on its own: a retry
 * after one push service failed never sends again to the devices already reached, and nothing more needs to be
 * written when the activity is delivered. The message holds ids only; the activity's words and the subscription's
 * keys are read when it is sent (a subscription deleted meanwhile is not sent to). Answers the messages' ids.
 */
export async function queuePushes(q: Queryable, activityId: string, userId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    q,
    sql`insert into ${outboxMessages} (id, kind, payload)
        select gen_random_uuid(), 'push',
          jsonb_build_object('activityId', ${activityId}::text, 'subscriptionId', ${pushSubscriptions.id})
        from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${userId}
        returning id`,
  );
  return rows.map((r) => r.id);
}

/** Writes one message of `kind`, due `delayMs` from now. */
async function insertMessage(
  q: Queryable,
  kind: "mail",
  payload: object,
  delayMs: number,
): Promise<QueuedMessage> {
  const id = newId();
  // Timed by the database's clock, which every sender's claim reads.
  const notBefore = sql`now() + make_interval(secs => ${delayMs / 1000})`;
  await q.insert(outboxMessages).values({ id, kind, payload, notBefore });
  return { id, delayMs };
}
