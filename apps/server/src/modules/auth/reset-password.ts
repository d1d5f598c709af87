import { AppError } from "@mx/kit/errors";
import { accountMails, serverMessages } from "@mx/shared/messages";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { loginThrottles } from "../../db/schema/otp";
import { users } from "../../db/schema/users";
import type { AppDeps } from "../../deps";
import { hashPassword } from "../../lib/passwords";
import { noticeMail } from "../mail/templates";
import { consumeOtpToken } from "../otp/verify-otp";
import { deliverSoon } from "../outbox/deliver";
import { queueMail } from "../outbox/queue-message";
import { signedInAccount } from "./change-password";
import { revokeAllSessions } from "./sessions";

/**
 * Recovery: the token of a verified UFP code sets a new password and ends every session. Payouts are then held for
 * 24 hours, the next one needs fresh proof, and the player is told by e-mail.
 */
export async function resetPassword(
  { db, config, mailer, log }: AppDeps,
  { email, otpToken, newPassword }: { email: string; otpToken: string; newPassword: string },
): Promise<void> {
  const address = email.toLowerCase();
  const passwordHash = await hashPassword(newPassword);
  const queued = await db.transaction(async (tx) => {
    await consumeOtpToken(tx, config.sessionSecret, { email: address, type: "UFP", token: otpToken });
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        updatedAt: new Date(),
        payoutHoldUntil: sql`greatest(${users.payoutHoldUntil}, now() + ${sql.raw(`interval '${config.payoutHoldHours} hours'`)})`,
        payoutProofDue: true,
      })
      .where(and(eq(users.email, address), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!user) throw new AppError("OTP_TOKEN_INVALID", serverMessages.otpTokenInvalid);
    await revokeAllSessions(tx, user.id);
    // The owner proved control of the address: their lock-outs end.
    await tx
      .delete(loginThrottles)
      .where(inArray(loginThrottles.account, [address, signedInAccount(user.id)]));
    const m = accountMails.payoutHold;
    return queueMail(tx, noticeMail(address, m.subject, m.title, [m.passwordReset, m.ifNotYou]));
  });
  deliverSoon({ db, mailer, log }, queued);
}
