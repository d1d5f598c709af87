import { serverMessages } from "@mx/shared/messages";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { loginFailures } from "../../db/schema/otp";
import { users } from "../../db/schema/users";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/errors";
import { verifyDecoy, verifyPassword } from "../../lib/passwords";
import { newId } from "../../lib/secrets";
import { createSession } from "./sessions";

export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
export const MAX_LOGIN_FAILURES = 10;

export async function login(
  { db, config }: AppDeps,
  { email, password }: { email: string; password: string },
): Promise<{ accessToken: string; userId: string }> {
  const address = email.toLowerCase();
  const [{ failures }] = await db
    .select({ failures: sql<number>`count(*)::int` })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.email, address),
        gt(loginFailures.createdAt, new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS)),
      ),
    );
  if (failures >= MAX_LOGIN_FAILURES) {
    throw new AppError("TOO_MANY_LOGIN_ATTEMPTS", serverMessages.tooManyLoginAttempts, { retryAfter: 900 });
  }

  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.email, address), isNull(users.deletedAt)))
    .limit(1);
  const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyDecoy(password);
  if (!user || !valid) {
    await db.insert(loginFailures).values({ id: newId(), email: address });
    throw new AppError("INVALID_CREDENTIALS", serverMessages.invalidCredentials);
  }
  await db.delete(loginFailures).where(eq(loginFailures.email, address));
  return { accessToken: await createSession(db, config.sessionSecret, user.id), userId: user.id };
}
