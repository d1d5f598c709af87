import { uniqueViolation } from "@mx/kit/db-errors";
import { AppError } from "@mx/kit/errors";
import { serverMessages } from "@mx/shared/messages";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { users } from "../../db/schema/users";

/** Refuses an e-mail or username another account holds (usernames compare without case). */
export async function assertIdentityFree(
  q: Queryable,
  { email, userName, exceptUserId }: { email?: string; userName?: string; exceptUserId?: string },
): Promise<void> {
  const others = exceptUserId ? ne(users.id, exceptUserId) : undefined;
  if (email) {
    const [taken] = await q
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), others))
      .limit(1);
    if (taken) throw new AppError("EMAIL_TAKEN", serverMessages.emailTaken);
  }
  if (userName) {
    const [taken] = await q
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.userName}) = lower(${userName})`, others))
      .limit(1);
    if (taken) throw new AppError("USERNAME_TAKEN", serverMessages.userNameTaken);
  }
}

/** Two requests that pass the check at once still meet the unique index: report that as the same 409. */
export function identityConflict(error: unknown): AppError | null {
  const constraint = uniqueViolation(error);
  if (constraint === null) return null;
  if (constraint.includes("user_name")) return new AppError("USERNAME_TAKEN", serverMessages.userNameTaken);
  if (constraint.includes("email")) return new AppError("EMAIL_TAKEN", serverMessages.emailTaken);
  return new AppError("CONFLICT", "That conflicts with an existing record.");
}

/** Whether no account (deleted ones free their names) holds this username, compared without case. */
export async function userNameAvailable(q: Queryable, userName: string): Promise<boolean> {
  const [taken] = await q
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${userName})`)
    .limit(1);
  return !taken;
}
