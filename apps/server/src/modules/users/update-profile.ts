import type { Profile, UpdateProfileBody } from "@mx/shared/schemas/auth";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/users";
import { assertIdentityFree, identityConflict } from "./find-user";
import { getProfile } from "./get-profile";

export async function updateProfile(db: Db, userId: string, changes: UpdateProfileBody): Promise<Profile> {
  const email = changes.email?.toLowerCase();
  try {
    return await db.transaction(async (tx) => {
      await assertIdentityFree(tx, { email, userName: changes.userName, exceptUserId: userId });
      await tx
        .update(users)
        .set({
          fullName: changes.fullName,
          userName: changes.userName,
          email,
          buildingColor: changes.buildingColor?.toLowerCase(),
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId));
      return getProfile(tx, userId);
    });
  } catch (error) {
    throw identityConflict(error) ?? error;
  }
}
