import { newId } from "@mx/kit/secrets";
import type { Params } from "@mx/processors/offer-wall";
import { and, eq, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "./db";
import { sandboxOfferPostbacks } from "./schema";

/** The partner's signed call to the product: where the product answers, the postback's path and its parameters. */
export type PartnerPostback = { base: string; path: string; params: Params };

/** Tries a postback gets, counting every sender's; the last failed one leaves it `failed`. */
const POSTBACK_MAX_ATTEMPTS = 8;

/** A postback claimed this long ago and never marked is taken for lost with its process, and sent again. */
const POSTBACK_STUCK_MINUTES = 5;

const stuck = () =>
  and(
    eq(sandboxOfferPostbacks.state, "sending"),
    lt(sandboxOfferPostbacks.claimedAt, sql`now() - make_interval(mins => ${POSTBACK_STUCK_MINUTES})`),
  );
const due = () =>
  and(eq(sandboxOfferPostbacks.state, "queued"), lte(sandboxOfferPostbacks.notBefore, sql`now()`));

/** The wait after a failed try: 30 seconds, doubling with each try, at most 15 minutes. */
function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 15 * 60_000);
}

/** Queues a postback, to be made `delayMs` from now at the earliest (by the database's clock). Answers its id. */
export async function queuePostback(db: Db, postback: PartnerPostback, delayMs: number): Promise<string> {
  const id = newId();
  await db.insert(sandboxOfferPostbacks).values({
    id,
    ...postback,
    notBefore: sql`now() + make_interval(secs => ${Math.max(0, delayMs) / 1000})`,
  });
  return id;
}

/** Forgets a queued postback whose offer could not be recorded. */
export async function dropPostback(db: Db, id: string): Promise<void> {
  await db.delete(sandboxOfferPostbacks).where(eq(sandboxOfferPostbacks.id, id));
}

/** Calls the product's postback endpoint; throws when it should be tried again (no answer, or a server error). */
async function callProduct({ base, path, params }: PartnerPostback): Promise<void> {
  const res = await fetch(`${base}${path}?${new URLSearchParams(params)}`, {
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer().catch(() => undefined);
  // A refusal (4xx) is the endpoint's answer, as a partner would take it; only a server error is tried again.
  if (res.status >= 500) throw new Error(`the postback was answered ${res.status}`);
}

/**
 * Claims one postback and sends it. `fromSweep` also takes one stuck in `sending`. Resolves with whether this call
 * sent it; a failed try puts it back in the queue for later (or marks it failed after its last try) and throws.
 */
export async function sendPostback(db: Db, id: string, { fromSweep = false } = {}): Promise<boolean> {
  const [row] = await db
    .update(sandboxOfferPostbacks)
    .set({ state: "sending", claimedAt: sql`now()` })
    .where(and(eq(sandboxOfferPostbacks.id, id), fromSweep ? or(due(), stuck()) : due()))
    .returning();
  if (!row) return false;
  const attempts = row.attempts + 1;
  const claimed = and(eq(sandboxOfferPostbacks.id, id), eq(sandboxOfferPostbacks.state, "sending"));
  try {
    await callProduct(row);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(sandboxOfferPostbacks)
      .set({
        state: attempts >= POSTBACK_MAX_ATTEMPTS ? "failed" : "queued",
        attempts,
        lastError: message.slice(0, 1000),
        notBefore: sql`now() + make_interval(secs => ${retryDelayMs(attempts) / 1000})`,
        claimedAt: null,
      })
      .where(claimed);
    throw error;
  }
  await db
    .update(sandboxOfferPostbacks)
    .set({ state: "sent", sentAt: sql`now()`, attempts, lastError: null })
    .where(claimed);
  return true;
}

/** Sends every postback due now, and every one stuck in `sending`; answers the ids whose try failed. */
export async function sweepPostbacks(db: Db, log?: PostbackLog): Promise<string[]> {
  const rows = await db
    .select({ id: sandboxOfferPostbacks.id })
    .from(sandboxOfferPostbacks)
    .where(or(due(), stuck()))
    .orderBy(sandboxOfferPostbacks.notBefore)
    .limit(500);
  const failed: string[] = [];
  for (const { id } of rows) {
    await sendPostback(db, id, { fromSweep: true }).catch((error: unknown) => {
      log?.error({ err: error, postbackId: id }, "sandbox offer wall: a postback could not be sent yet");
      failed.push(id);
    });
  }
  return failed;
}

/** Where a failed try is told. */
export type PostbackLog = { error(obj: object, msg: string): void };

/** How often the partner looks for postbacks due (a failed try's wait over, or one whose timer a restart lost). */
const POSTBACK_SWEEP_MS = 30_000;

/**
 * The partner's sender: `soon` sends a postback a little after its time (the request does not wait for it); a
 * sweep every POSTBACK_SWEEP_MS sends what is due, until `stop`.
 */
export function postbackSender(db: Db, log?: PostbackLog) {
  const timers = new Set<NodeJS.Timeout>();
  const sweep = setInterval(() => void sweepPostbacks(db, log).catch(() => undefined), POSTBACK_SWEEP_MS);
  sweep.unref();
  return {
    soon(id: string, delayMs: number) {
      // A little after its time, so that it is surely due when the claim looks.
      const timer = setTimeout(() => {
        timers.delete(timer);
        void sendPostback(db, id).catch((error: unknown) => {
          log?.error({ err: error, postbackId: id }, "sandbox offer wall: a postback could not be sent yet");
        });
      }, Math.max(0, delayMs) + 50);
      timer.unref();
      timers.add(timer);
    },
    stop() {
      clearInterval(sweep);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** The partner's sender, as its route uses it. */
export type PostbackSender = ReturnType<typeof postbackSender>;
