import { AppError } from "@mx/kit/errors";
import { serverMessages } from "@mx/shared/messages";
import { and, eq, isNull } from "drizzle-orm";
import { users } from "../../db/schema/users";
import type { AppDeps } from "../../deps";
import { verifyDecoy, verifyPassword } from "../../lib/passwords";
import { countPasswordAttempt } from "./password-throttle";
import { createSession } from "./sessions";

/**
 * Sign-in. The attempt is counted (per e-mail and client address) before the password is checked, so guesses sent
 * in parallel all count; an unknown e-mail is counted and answered the same as a wrong password.
 */
export async function login(
  { db, config }: AppDeps,
  { email, password }: { email: string; password: string },
  source: string,
): Promise<{ accessToken: string; userId: string }> {
  const address = email.toLowerCase();
  const attempt = await countPasswordAttempt(db, {
    account: address,
    source,
    code: "TOO_MANY_LOGIN_ATTEMPTS",
  });
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.email, address), isNull(users.deletedAt)))
    .limit(1);
  const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyDecoy(password);
  if (!user || !valid) throw new AppError("INVALID_CREDENTIALS", serverMessages.invalidCredentials);
  await attempt.succeeded();
  return { accessToken: await createSession(db, config.sessionSecret, user.id), userId: user.id };
}
