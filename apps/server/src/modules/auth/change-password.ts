import { AppError } from "@mx/kit/errors";
import { serverMessages } from "@mx/shared/messages";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/users";
import type { AppDeps } from "../../deps";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import { findActiveUser } from "./active-user";
import { countPasswordAttempt } from "./password-throttle";
import { createSession, revokeAllSessions } from "./sessions";

/** The throttle's account name for password checks made on a signed-in player (change-password, fresh proof). */
export const signedInAccount = (userId: string) => `user:${userId}`;

/**
 * Checks a signed-in player's current password, counted like sign-in (per player and client address, before the
 * check), so a stolen session cannot guess it either.
 */
export async function checkCurrentPassword(
  { db }: AppDeps,
  userId: string,
  password: string,
  source: string,
): Promise<void> {
  const attempt = await countPasswordAttempt(db, {
    account: signedInAccount(userId),
    source,
    code: "TOO_MANY_LOGIN_ATTEMPTS",
  });
  const user = await findActiveUser(db, userId);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError("CURRENT_PASSWORD_WRONG", serverMessages.currentPasswordWrong);
  }
  await attempt.succeeded();
}

/** Every session ends, the one in hand included; the caller gets a fresh token. */
export async function changePassword(
  deps: AppDeps,
  userId: string,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
  source: string,
): Promise<{ accessToken: string; userId: string }> {
  await checkCurrentPassword(deps, userId, currentPassword, source);
  const passwordHash = await hashPassword(newPassword);
  const accessToken = await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await revokeAllSessions(tx, userId);
    return createSession(tx, deps.config.sessionSecret, userId);
  });
  return { accessToken, userId };
}
