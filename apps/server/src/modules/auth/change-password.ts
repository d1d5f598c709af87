import { serverMessages } from "@mx/shared/messages";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/users";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/errors";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import { findActiveUser } from "../users/find-user";
import { createSession, revokeAllSessions } from "./sessions";

/** Every session ends, the one in hand included; the caller gets a fresh token. */
export async function changePassword(
  { db, config }: AppDeps,
  userId: string,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
): Promise<{ accessToken: string; userId: string }> {
  const user = await findActiveUser(db, userId);
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new AppError("CURRENT_PASSWORD_WRONG", serverMessages.currentPasswordWrong);
  }
  const passwordHash = await hashPassword(newPassword);
  const accessToken = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await revokeAllSessions(tx, userId);
    return createSession(tx, config.sessionSecret, userId);
  });
  return { accessToken, userId };
}
