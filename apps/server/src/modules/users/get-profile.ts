import { AppError } from "@mx/kit/errors";
import type { Profile } from "@mx/shared/schemas/auth";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { users } from "../../db/schema/users";
import { presentProfile } from "./present-profile";

/** What the player owns, priced: written out, as inside a selection drizzle names columns without their table. */
const ownedCents = sql<number>`(select coalesce(sum(p.price_cents), 0) from properties p where p.owner_id = "users"."id")`;

/** The player's profile, with the total price of what they own: one read of the database. */
export async function getProfile(q: Queryable, userId: string): Promise<Profile> {
  const [row] = await q
    .select({ user: users, owned: ownedCents.mapWith(Number) })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "Account not found.");
  return presentProfile(row.user, row.owned);
}
