import type { Profile, UpdateProfileBody } from "@mx/shared/schemas/auth";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/users";
import { announceInvalidation, publishPublic } from "../live/publish";
import { assertIdentityFree, identityConflict } from "./find-user";
import { getProfile } from "./get-profile";

export async function updateProfile(db: Db, userId: string, changes: UpdateProfileBody): Promise<Profile> {
  const email = changes.email?.toLowerCase();
  try {
    return await db.transaction(async (tx) => {
      await assertIdentityFree(tx, { email, userName: changes.userName, exceptUserId: userId });
      const color = changes.buildingColor?.toLowerCase();
      const [before] = await tx
        .select({ color: users.buildingColor })
        .from(users)
        .where(eq(users.id, userId));
      // The map redraws the player's buildings in their new colour.
      if (color && before && before.color !== color) {
        await publishPublic(tx, { type: "player.recoloured", userId, color });
      }
      // Names show on property details and the leaderboard: every instance's caches forget them.
      await announceInvalidation(tx, { player: userId });
      await tx
        .update(users)
        .set({
          fullName: changes.fullName,
          userName: changes.userName,
          email,
          buildingColor: color,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId));
      return getProfile(tx, userId);
    });
  } catch (error) {
    throw identityConflict(error) ?? error;
  }
}
