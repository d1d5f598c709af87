import { and, eq, lt, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { outboxMessages } from "../../db/schema/outbox";
import type { Mailer } from "../mail/mailer";
import type { QueuedMessage, QueuedPush } from "./queue-message";

/**
 * What sends one Web Push (modules/live/push.ts). Resolves with how it ended, kept on the sent row: delivered, or a
 * reason it is done with for good without being delivered (the subscription is gone, its endpoint is no longer
 * allowed). Throws when it should be tried again later (the push service could not be reached, or answered 5xx
 * or 429).
 */
export type PushTransport = { send(push: QueuedPush): Promise<string> };

/**
 * What sending needs: the database, the mailer (which fills in the support address), Web Push and a logger. A
 * caller that queues only mail may leave out Web Push: a push it came upon would be left for the sweep.
 */
export type OutboxDeps = {
  db: Db;
  mailer: Mailer;
  webPush?: PushTransport;
  log?: { error(obj: object, msg: string): void };
};

/** Tries a message gets, counting every sender's; the last failed one leaves the row `failed`. */
export const OUTBOX_MAX_ATTEMPTS = 8;

/** A message claimed this long ago and never marked is taken for lost with its process, and sent again. */
const OUTBOX_STUCK_MINUTES = 5;

const MailPayload = z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string() });
const PushPayload = z.object({ activityId: z.string(), subscriptionId: z.string() });

type Row = typeof outboxMessages.$inferSelect;

const stuck = () =>
  and(
    eq(outboxMessages.state, "sending"),
    lt(outboxMessages.claimedAt, sql`now() - make_interval(mins => ${OUTBOX_STUCK_MINUTES})`),
  );
const due = () => and(eq(outboxMessages.state, "queued"), lte(outboxMessages.notBefore, sql`now()`));

/** The wait after a failed try: 30 seconds, doubling with each try, at most 15 minutes. */
function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 15 * 60_000);
}

/**
 * After the caller's commit: sends the message in the background, at once or when it falls due. The request does
 * not wait for it; a failure is logged and left to the sweep (jobs/deliver-outbox.ts). The promise, which never
 * rejects, tells whether this try sent it, for a caller that keeps track (shutdown, tests); most need not wait.
 */
export function deliverSoon(deps: OutboxDeps, message: QueuedMessage | null | undefined): Promise<boolean> {
  if (!message) return Promise.resolve(false);
  const attempt = () =>
    deliverOutboxMessage(deps, message.id).catch((error: unknown) => {
      deps.log?.error({ err: error, outboxId: message.id }, "outbox: a message could not be sent yet");
      return false;
    });
  if (message.delayMs <= 0) return attempt();
  // A little after its time, so that it is surely due when the claim looks.
  return new Promise((resolve) => {
    setTimeout(() => void attempt().then(resolve), message.delayMs + 50).unref();
  });
}

/**
 * Claims one message and sends it. `fromSweep` also takes a queued message whose time has not come (the job
 * queue's retry decides when) and one stuck in `sending`. Resolves with whether this call sent it; a failed try
 * puts it back in the queue for later (or marks it failed after its last try) and throws.
 */
export async function deliverOutboxMessage(
  deps: OutboxDeps,
  id: string,
  { fromSweep = false } = {},
): Promise<boolean> {
  const [row] = await deps.db
    .update(outboxMessages)
    .set({ state: "sending", claimedAt: sql`now()` })
    .where(
      and(eq(outboxMessages.id, id), fromSweep ? or(eq(outboxMessages.state, "queued"), stuck()) : due()),
    )
    .returning();
  if (!row) {
    if (!fromSweep) return false;
    const [current] = await deps.db
      .select({ state: outboxMessages.state, lastError: outboxMessages.lastError })
      .from(outboxMessages)
      .where(eq(outboxMessages.id, id));
    // A message given up on keeps its job failed, so an operator finds it in the failed jobs.
    if (current?.state === "failed") {
      throw new Error(`outbox message ${id} failed after its tries: ${current.lastError ?? "unknown error"}`);
    }
    return false;
  }
  let outcome: string | null;
  try {
    outcome = await send(deps, row);
  } catch (error) {
    const attempts = row.attempts + 1;
    const message = error instanceof Error ? error.message : String(error);
    await deps.db
      .update(outboxMessages)
      .set({
        state: attempts >= OUTBOX_MAX_ATTEMPTS ? "failed" : "queued",
        attempts,
        lastError: message.slice(0, 1000),
        notBefore: sql`now() + make_interval(secs => ${retryDelayMs(attempts) / 1000})`,
        claimedAt: null,
      })
      .where(and(eq(outboxMessages.id, id), eq(outboxMessages.state, "sending")));
    throw error;
  }
  await deps.db
    .update(outboxMessages)
    .set({
      state: "sent",
      sentAt: sql`now()`,
      attempts: row.attempts + 1,
      lastError: null,
      payload: sentPayload(row, outcome),
    })
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.state, "sending")));
  return true;
}

/** Days a sent message's row is kept (to see what was sent, and when). */
export const OUTBOX_KEEP_DAYS = 30;

/** Deletes the rows of messages sent more than OUTBOX_KEEP_DAYS ago; failed ones stay for an operator. */
export async function purgeSentOutboxMessages(deps: { db: Db }): Promise<number> {
  const purged = await deps.db
    .delete(outboxMessages)
    .where(
      and(
        eq(outboxMessages.state, "sent"),
        lt(outboxMessages.sentAt, sql`now() - make_interval(days => ${OUTBOX_KEEP_DAYS})`),
      ),
    )
    .returning({ id: outboxMessages.id });
  return purged.length;
}

/** The messages the sweep hands to the job queue: queued ones due now, and ones stuck in `sending`. */
export async function findDueOutboxMessages(deps: { db: Db }, limit = 500): Promise<string[]> {
  const rows = await deps.db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(or(due(), stuck()))
    .orderBy(outboxMessages.notBefore)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The push messages of an activity still waiting to be sent: what an instance that hears the activity's commit
 * sends (the instances race, and each message's claim lets one of them send it).
 */
export async function queuedPushesOf(deps: { db: Db }, activityId: string): Promise<string[]> {
  const rows = await deps.db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.state, "queued"),
        sql`(${outboxMessages.payload}->>'activityId') = ${activityId}`,
        eq(outboxMessages.kind, "push"),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * What a sent message keeps: a mail's address and subject, not its words (a sign-up or recovery code is not kept in
 * the clear once it is on its way); a push with how it ended.
 */
function sentPayload(row: Row, outcome: string | null): unknown {
  if (row.kind === "push") return { ...PushPayload.parse(row.payload), outcome };
  const { to, subject } = MailPayload.parse(row.payload);
  return { to, subject };
}

/** Sends one message; throws to be tried again later. Answers how a push ended (null for the other kinds). */
async function send(deps: OutboxDeps, row: Row): Promise<string | null> {
  switch (row.kind) {
    case "mail":
      await deps.mailer.send(MailPayload.parse(row.payload));
      return null;
    case "push":
      if (!deps.webPush) throw new Error("no Web Push sender here");
      return await deps.webPush.send(PushPayload.parse(row.payload));
  }
}
