import { AppError, type ErrorCode } from "@mx/kit/errors";
import {
  PASSWORD_ATTEMPT_WINDOW_SECONDS,
  PASSWORD_ATTEMPTS_BEFORE_LOCK,
  PASSWORD_LOCK_BASE_SECONDS,
  PASSWORD_LOCK_MAX_SECONDS,
} from "@mx/shared/constants";
import { formats } from "@mx/shared/messages";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { loginThrottles } from "../../db/schema/otp";

/** A password check that has been counted: call `succeeded()` once the password proved right. */
export type CountedAttempt = { succeeded(): Promise<void> };

/** How long the n-th lock-out (0-based) lasts: doubling from the base, up to the maximum. */
export const lockSeconds = (lockouts: number) =>
  Math.min(PASSWORD_LOCK_MAX_SECONDS, PASSWORD_LOCK_BASE_SECONDS * 2 ** Math.min(lockouts, 20));

/**
 * Counts one password attempt for this account from this source, atomically, before the password is checked: one
 * upsert both counts it and answers how many came before, so guesses sent in parallel each get their own number
 * and only the first PASSWORD_ATTEMPTS_BEFORE_LOCK of them are checked at all. The next one locks the pair
 * (account, source) for a time that doubles with each lock-out; other sources, the owner's own device among them,
 * are not affected. A right password clears the count.
 */
export async function countPasswordAttempt(
  db: Queryable,
  { account, source, code }: { account: string; source: string; code: ErrorCode },
): Promise<CountedAttempt> {
  const window = sql.raw(`interval '${PASSWORD_ATTEMPT_WINDOW_SECONDS} seconds'`);
  const t = loginThrottles;
  // Now and then, pairs quiet for a day (their lock-outs forgotten anyway) are cleared, so the table stays small.
  if (Math.random() < 0.01) {
    await db
      .delete(t)
      .where(
        and(
          lt(t.updatedAt, sql`now() - interval '1 day'`),
          or(isNull(t.lockedUntil), lt(t.lockedUntil, sql`now()`)),
        ),
      );
  }
  // A pair quiet for a day forgets its lock-outs; a quiet window forgets its attempts.
  const [counted] = await db
    .insert(t)
    .values({ account, source, attempts: 1, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [t.account, t.source],
      set: {
        attempts: sql`case when ${t.updatedAt} < now() - ${window} then 1 else ${t.attempts} + 1 end`,
        lockouts: sql`case when ${t.updatedAt} < now() - interval '1 day' then 0 else ${t.lockouts} end`,
        lockedUntil: sql`null`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${t.lockedUntil} is null or ${t.lockedUntil} <= now()`,
    })
    .returning({ attempts: t.attempts, lockouts: t.lockouts });

  const refuse = (seconds: number) =>
    new AppError(code, formats.tooManyPasswordAttempts(seconds), { retryAfter: Math.max(1, seconds) });
  const where = and(eq(t.account, account), eq(t.source, source));
  if (!counted) {
    // Locked: nothing counted, nothing checked.
    const [row] = await db
      .select({ left: sql<number>`ceil(extract(epoch from ${t.lockedUntil} - now()))::int` })
      .from(t)
      .where(where);
    throw refuse(row?.left ?? 1);
  }
  if (counted.attempts > PASSWORD_ATTEMPTS_BEFORE_LOCK) {
    const seconds = lockSeconds(counted.lockouts);
    // Only the attempt that went over locks (the others over it find the lock set, or set the same one).
    await db
      .update(t)
      .set({
        attempts: 0,
        lockouts: sql`${t.lockouts} + 1`,
        lockedUntil: sql`now() + ${sql.raw(`interval '${seconds} seconds'`)}`,
      })
      .where(and(where, sql`${t.lockedUntil} is null or ${t.lockedUntil} <= now()`));
    throw refuse(seconds);
  }
  return {
    async succeeded() {
      await db.delete(t).where(where);
    },
  };
}
