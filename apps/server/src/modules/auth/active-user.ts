import { AppError } from "@mx/kit/errors";
import { and, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { users } from "../../db/schema/users";

/** The account of a player who has not deleted it; 404 otherwise. */
export async function findActiveUser(q: Queryable, userId: string) {
  const [user] = await q
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw new AppError("NOT_FOUND", "Account not found.");
  return user;
}
