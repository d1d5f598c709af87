import { AppError } from "@mx/kit/errors";
import { lockKey } from "@mx/kit/locks";
import { keyedHash, newId, newNumericCode, newToken } from "@mx/kit/secrets";
import { OTP_LENGTH, OTP_RESEND_SECONDS, OTP_TTL_SECONDS, type OtpType } from "@mx/shared/constants";
import { accountMails, formats, serverMessages } from "@mx/shared/messages";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { otpCodes } from "../../db/schema/otp";
import { users } from "../../db/schema/users";
import type { AppDeps } from "../../deps";
import { noticeMail, otpMail } from "../mail/templates";
import { deliverSoon } from "../outbox/deliver";
import { queueMail } from "../outbox/queue-message";
import {
  noticeRecoveryLocked,
  recoveryCodesExhausted,
  recoveryGuessesExhausted,
  recoveryLockedError,
  recoveryUsage,
} from "./recovery-limits";

/** Codes one address may be sent per hour, whatever the purpose. */
const MAX_CODES_PER_HOUR = 10;

export const hashCode = (secret: string, id: string, code: string) => keyedHash(secret, `otp:${id}`, code);

/**
 * Sends a fresh code for sign-up (UR) or recovery (UFP); any earlier code for the same purpose stops working.
 * Both answer the same whether or not an account exists. Recovery only mails an existing account; sign-up for an
 * address that has one mails its owner that they already have an account, and the code it keeps can never match.
 * Recovery is capped per address and day (codes sent, wrong guesses); the owner is e-mailed when it locks. The mail
 * is queued with the code, and sent once both are committed; a failed send is tried again later.
 */
export async function createOtp(
  deps: AppDeps,
  { email, type }: { email: string; type: OtpType },
): Promise<{ message: string }> {
  const { db, config } = deps;
  const address = email.toLowerCase();
  const code = newNumericCode(OTP_LENGTH);
  const outcome = await db.transaction(async (tx) => {
    await lockKey(tx, `otp:${address}`);
    const [account] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, address), isNull(users.deletedAt)))
      .limit(1);
    if (type === "UFP") {
      const usage = await recoveryUsage(tx, address);
      if (recoveryCodesExhausted(usage) || recoveryGuessesExhausted(usage))
        return { locked: usage, queued: null };
    }

    const now = Date.now();
    const [latest] = await tx
      .select({ createdAt: otpCodes.createdAt })
      .from(otpCodes)
      .where(and(eq(otpCodes.email, address), eq(otpCodes.type, type)))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    const waited = latest ? (now - latest.createdAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
    if (waited < OTP_RESEND_SECONDS) {
      const wait = Math.ceil(OTP_RESEND_SECONDS - waited);
      throw new AppError("OTP_RESEND_TOO_SOON", serverMessages.otpResendWait(wait), { retryAfter: wait });
    }
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(otpCodes)
      .where(and(eq(otpCodes.email, address), gt(otpCodes.createdAt, new Date(now - 3_600_000))));
    if (count >= MAX_CODES_PER_HOUR) {
      throw new AppError("TOO_MANY_REQUESTS", serverMessages.tooManyRequests, { retryAfter: 3600 });
    }

    await tx
      .update(otpCodes)
      .set({ consumedAt: new Date(now) })
      .where(and(eq(otpCodes.email, address), eq(otpCodes.type, type), isNull(otpCodes.consumedAt)));
    const id = newId();
    // Sign-up for a registered address keeps a row like any other (the resend wait and the caps behave the same)
    // whose hash no code can match.
    const registeredSignUp = type === "UR" && account !== undefined;
    await tx.insert(otpCodes).values({
      id,
      email: address,
      type,
      codeHash: registeredSignUp ? `never:${newToken()}` : hashCode(config.sessionSecret, id, code),
      createdAt: new Date(now),
      expiresAt: new Date(now + OTP_TTL_SECONDS * 1000),
    });
    const mail = registeredSignUp
      ? alreadyRegisteredMail(address)
      : type === "UR" || account !== undefined
        ? otpMail(address, type, code)
        : null;
    return { locked: null, queued: mail ? await queueMail(tx, mail) : null };
  });
  if (outcome.locked) {
    await noticeRecoveryLocked(deps, address);
    throw recoveryLockedError(outcome.locked);
  }

  deliverSoon(deps, outcome.queued);
  return { message: type === "UR" ? serverMessages.otpSent : formats.resetInstructions(address) };
}

function alreadyRegisteredMail(address: string) {
  const m = accountMails.alreadyRegistered;
  return noticeMail(address, m.subject, m.title, [m.body, m.ignore]);
}
