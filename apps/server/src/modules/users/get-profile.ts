import type { Profile } from "@mx/shared/schemas/auth";
import { eq, sum } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { properties } from "../../db/schema/buildings";
import { findActiveUser } from "./find-user";
import { presentProfile } from "./present-profile";

export async function getProfile(q: Queryable, userId: string): Promise<Profile> {
  const user = await findActiveUser(q, userId);
  const [owned] = await q
    .select({ total: sum(properties.priceCents).mapWith(Number) })
    .from(properties)
    .where(eq(properties.ownerId, userId));
  return presentProfile(user, owned?.total ?? 0);
}
