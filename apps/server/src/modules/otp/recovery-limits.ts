import { AppError } from "@mx/kit/errors";
import { RECOVERY_CODES_PER_DAY, RECOVERY_WRONG_GUESSES_PER_DAY } from "@mx/shared/constants";
import { accountMails, formats } from "@mx/shared/messages";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { otpCodes, recoveryLocks } from "../../db/schema/otp";
import { users } from "../../db/schema/users";
import type { AppDeps } from "../../deps";
import { noticeMail } from "../mail/templates";
import { deliverSoon } from "../outbox/deliver";
import { queueMail } from "../outbox/queue-message";

const DAY_MS = 86_400_000;

/**
 * Recovery codes (UFP) one address was sent in the last day, the wrong guesses made on them (every counted guess but
 * the right ones), and when the oldest of them leaves the day.
 */
export async function recoveryUsage(q: Queryable, address: string) {
  const [row] = await q
    .select({
      codes: sql<number>`count(*)::int`,
      wrong: sql<number>`(coalesce(sum(${otpCodes.attempts}), 0) - count(${otpCodes.tokenHash}))::int`,
      oldest: sql<Date | string | null>`min(${otpCodes.createdAt})`,
    })
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.email, address),
        eq(otpCodes.type, "UFP"),
        gt(otpCodes.createdAt, new Date(Date.now() - DAY_MS)),
      ),
    );
  const oldest = row?.oldest ? new Date(row.oldest) : new Date();
  return {
    codes: row?.codes ?? 0,
    wrong: row?.wrong ?? 0,
    /** Seconds until the oldest code counted leaves the day. */
    retryAfter: Math.max(1, Math.ceil((oldest.getTime() + DAY_MS - Date.now()) / 1000)),
  };
}

export type RecoveryUsage = Awaited<ReturnType<typeof recoveryUsage>>;

export const recoveryCodesExhausted = (u: RecoveryUsage) => u.codes >= RECOVERY_CODES_PER_DAY;
export const recoveryGuessesExhausted = (u: RecoveryUsage) => u.wrong >= RECOVERY_WRONG_GUESSES_PER_DAY;

export function recoveryLockedError(usage: RecoveryUsage): AppError {
  return new AppError("RECOVERY_LOCKED", formats.recoveryLocked(usage.retryAfter / 3600), {
    retryAfter: usage.retryAfter,
  });
}

/**
 * Recovery for this address has locked for the day: its owner (if it is a player's) is e-mailed, once per lock.
 * Best-effort: a notice that cannot be queued is logged, and the lock holds either way.
 */
export async function noticeRecoveryLocked(deps: AppDeps, address: string): Promise<void> {
  try {
    const queued = await deps.db.transaction(async (tx) => {
      const [fresh] = await tx
        .insert(recoveryLocks)
        .values({ email: address })
        .onConflictDoUpdate({
          target: recoveryLocks.email,
          set: { lockedAt: sql`now()` },
          setWhere: sql`${recoveryLocks.lockedAt} < now() - interval '1 day'`,
        })
        .returning({ email: recoveryLocks.email });
      if (!fresh) return null;
      const [owner] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, address), isNull(users.deletedAt)))
        .limit(1);
      if (!owner) return null;
      const m = accountMails.recoveryLocked;
      return queueMail(
        tx,
        noticeMail(address, m.subject, m.title, [m.body, accountMails.payoutHold.ifNotYou]),
      );
    });
    deliverSoon(deps, queued);
  } catch (error) {
    deps.log?.error({ err: error }, "recovery lock notice failed");
  }
}
