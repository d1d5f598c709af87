import type { Profile } from "@mx/shared/schemas/auth";
import type { Queryable } from "../../db/client";
import { findActiveUser } from "./find-user";
import { presentProfile } from "./present-profile";

export async function getProfile(q: Queryable, userId: string): Promise<Profile> {
  const user = await findActiveUser(q, userId);
  // The account's buildings arrive with the property catalogue; until a player owns one the total is zero.
  return presentProfile(user, 0);
}
