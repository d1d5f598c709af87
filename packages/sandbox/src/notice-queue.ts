import { newId } from "@mx/kit/secrets";
import { and, eq, gte, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Queryable } from "./db";
import { sandboxNotices, sandboxPaymentMethods } from "./schema";
import { CARD_AFTERMATH, type CardBehaviour } from "./test-cards";

/* The processors' notices to the product, kept in the database until told (see sandboxNotices). */

export type NoticeRow = typeof sandboxNotices.$inferSelect;
export type NoticeKind = NoticeRow["kind"];

/** Tries a notice gets; the last failed one leaves it `failed`. */
const NOTICE_MAX_ATTEMPTS = 10;

/** A notice claimed this long ago and never marked is taken for lost with its process, and tried again. */
const NOTICE_STUCK_MINUTES = 5;

/** The wait after a failed try: 5 seconds, doubling with each try, at most 15 minutes. */
function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 15 * 60_000);
}

/**
 * Queues a notice, once per key: the same event queued again (a repeated capture, a retried call) is the one notice.
 * `waits`: the server's notice delay applies before it is first tried (false: as soon as it is swept).
 */
export async function queueNotice(
  db: Queryable,
  notice: { key: string; kind: NoticeKind; subject: string; detail?: NoticeRow["detail"]; waits: boolean },
): Promise<void> {
  await db
    .insert(sandboxNotices)
    .values({ id: newId(), detail: {}, ...notice })
    .onConflictDoNothing({ target: sandboxNotices.key });
}

/** Whether a charge paid with a card of this behaviour is followed by a dispute or a fraud warning. */
export const hasCardAftermath = (behaviour: string): boolean =>
  CARD_AFTERMATH[behaviour as CardBehaviour] !== undefined;

/**
 * What follows a captured charge: the dispute or early fraud warning of the card it was paid with, queued for the
 * payment. Intents paid with any other card, or with none, queue nothing.
 */
export async function queueCardAftermath(
  db: Queryable,
  paid: { intentId: string; behaviour: string }[],
): Promise<void> {
  for (const { intentId, behaviour } of paid) {
    const aftermath = CARD_AFTERMATH[behaviour as CardBehaviour];
    if (!aftermath) continue;
    await queueNotice(db, {
      key: `${aftermath.kind}:${intentId}`,
      kind: aftermath.kind,
      subject: intentId,
      detail: { reason: aftermath.reason },
      waits: true,
    });
  }
}

/** As queueCardAftermath, for intents named with the payment method they were paid with. */
export async function queueIntentAftermath(
  db: Queryable,
  paid: { intentId: string; paymentMethodId: string | null }[],
): Promise<void> {
  const pmIds = [...new Set(paid.flatMap((p) => (p.paymentMethodId ? [p.paymentMethodId] : [])))];
  if (pmIds.length === 0) return;
  const behaviours = new Map(
    (
      await db
        .select({ id: sandboxPaymentMethods.id, behaviour: sandboxPaymentMethods.behaviour })
        .from(sandboxPaymentMethods)
        .where(inArray(sandboxPaymentMethods.id, pmIds))
    ).map((pm) => [pm.id, pm.behaviour]),
  );
  await queueCardAftermath(
    db,
    paid.map((p) => ({ intentId: p.intentId, behaviour: behaviours.get(p.paymentMethodId ?? "") ?? "ok" })),
  );
}

const stuck = () =>
  and(
    eq(sandboxNotices.state, "sending"),
    lt(sandboxNotices.claimedAt, sql`now() - make_interval(mins => ${NOTICE_STUCK_MINUTES})`),
  );

/** Queued and due: its retry's wait over, and the notice delay (`delayMs`) past for one that still waits. */
const due = (delayMs: number) =>
  and(
    eq(sandboxNotices.state, "queued"),
    or(
      and(eq(sandboxNotices.waits, false), lte(sandboxNotices.notBefore, sql`now()`)),
      lte(
        sandboxNotices.notBefore,
        sql`now() - make_interval(secs => ${Math.max(0, delayMs) / 1000}::float8)`,
      ),
    ),
  );

/** The ids of notices due now (and of any stuck in `sending`), oldest first. */
export async function dueNotices(db: Queryable, delayMs: number): Promise<string[]> {
  const rows = await db
    .select({ id: sandboxNotices.id })
    .from(sandboxNotices)
    .where(or(due(delayMs), stuck()))
    .orderBy(sandboxNotices.notBefore)
    .limit(500);
  return rows.map((row) => row.id);
}

/** Claims a due notice (or, from a sweep, one stuck in `sending`) for one try; null when it is not to be tried. */
export async function claimNotice(
  db: Queryable,
  id: string,
  delayMs: number,
  { fromSweep = false } = {},
): Promise<NoticeRow | null> {
  const [row] = await db
    .update(sandboxNotices)
    .set({ state: "sending", claimedAt: sql`now()` })
    .where(and(eq(sandboxNotices.id, id), fromSweep ? or(due(delayMs), stuck()) : due(delayMs)))
    .returning();
  return row ?? null;
}

/** Marks a claimed notice told. */
export async function noticeSent(db: Queryable, row: NoticeRow): Promise<void> {
  await db
    .update(sandboxNotices)
    .set({ state: "sent", sentAt: sql`now()`, attempts: row.attempts + 1, lastError: null })
    .where(and(eq(sandboxNotices.id, row.id), eq(sandboxNotices.state, "sending")));
}

/** Puts a claimed notice whose try failed back in the queue for later, or marks it failed after its last try. */
export async function noticeFailed(db: Queryable, row: NoticeRow, error: unknown): Promise<void> {
  const attempts = row.attempts + 1;
  const message = error instanceof Error ? error.message : String(error);
  await db
    .update(sandboxNotices)
    .set({
      state: attempts >= NOTICE_MAX_ATTEMPTS ? "failed" : "queued",
      attempts,
      lastError: message.slice(0, 1000),
      waits: false,
      notBefore: sql`now() + make_interval(secs => ${retryDelayMs(attempts) / 1000}::float8)`,
      claimedAt: null,
    })
    .where(and(eq(sandboxNotices.id, row.id), eq(sandboxNotices.state, "sending")));
}

/** How many notices are being delivered now (claimed, not yet marked), stuck ones aside. */
export async function noticesSending(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sandboxNotices)
    .where(
      and(
        eq(sandboxNotices.state, "sending"),
        gte(sandboxNotices.claimedAt, sql`now() - make_interval(mins => ${NOTICE_STUCK_MINUTES})`),
      ),
    );
  return row?.n ?? 0;
}
