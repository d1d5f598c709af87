import { OTP_LENGTH, OTP_RESEND_SECONDS, OTP_TTL_SECONDS, type OtpType } from "@mx/shared/constants";
import { formats, serverMessages } from "@mx/shared/messages";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { otpCodes } from "../../db/schema/otp";
import { users } from "../../db/schema/users";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/errors";
import { lockKey } from "../../lib/locks";
import { keyedHash, newId, newNumericCode } from "../../lib/secrets";
import { otpMail } from "../mail/templates";

/** Codes one address may be sent per hour, whatever the purpose. */
const MAX_CODES_PER_HOUR = 10;

export const hashCode = (secret: string, id: string, code: string) => keyedHash(secret, `otp:${id}`, code);

/**
 * Sends a fresh code for sign-up (UR) or recovery (UFP); any earlier code for the same purpose stops working.
 * Recovery answers the same whether or not an account exists, and only mails an existing one.
 */
export async function createOtp(
  { db, config, mailer }: AppDeps,
  { email, type }: { email: string; type: OtpType },
): Promise<{ message: string }> {
  const address = email.toLowerCase();
  const code = newNumericCode(OTP_LENGTH);
  const { id, send } = await db.transaction(async (tx) => {
    await lockKey(tx, `otp:${address}`);
    const [account] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, address), isNull(users.deletedAt)))
      .limit(1);
    if (type === "UR" && account) throw new AppError("EMAIL_TAKEN", serverMessages.emailTaken);

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
    await tx.insert(otpCodes).values({
      id,
      email: address,
      type,
      codeHash: hashCode(config.sessionSecret, id, code),
      createdAt: new Date(now),
      expiresAt: new Date(now + OTP_TTL_SECONDS * 1000),
    });
    return { id, send: type === "UR" || account !== undefined };
  });

  if (send) {
    try {
      await mailer.send(otpMail(address, type, code));
    } catch (cause) {
      // Nothing was delivered: drop the code so the player may ask again at once.
      await db.delete(otpCodes).where(eq(otpCodes.id, id));
      throw new AppError("UNAVAILABLE", "We could not send the email just now. Please try again.", { cause });
    }
  }
  return { message: type === "UR" ? serverMessages.otpSent : formats.resetInstructions(address) };
}
