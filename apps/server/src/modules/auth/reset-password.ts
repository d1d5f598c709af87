import { serverMessages } from "@mx/shared/messages";
import { and, eq, isNull } from "drizzle-orm";
import { loginFailures } from "../../db/schema/otp";
import { users } from "../../db/schema/users";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/errors";
import { hashPassword } from "../../lib/passwords";
import { consumeOtpToken } from "../otp/verify-otp";
import { revokeAllSessions } from "./sessions";

/** Recovery: the token of a verified UFP code sets a new password and ends every session. */
export async function resetPassword(
  { db, config }: AppDeps,
  { email, otpToken, newPassword }: { email: string; otpToken: string; newPassword: string },
): Promise<void> {
  const address = email.toLowerCase();
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await consumeOtpToken(tx, config.sessionSecret, { email: address, type: "UFP", token: otpToken });
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(users.email, address), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!user) throw new AppError("OTP_TOKEN_INVALID", serverMessages.otpTokenInvalid);
    await revokeAllSessions(tx, user.id);
    await tx.delete(loginFailures).where(eq(loginFailures.email, address));
  });
}
