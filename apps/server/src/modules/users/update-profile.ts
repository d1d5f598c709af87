import { uniqueViolation } from "@mx/kit/db-errors";
import { accountMails } from "@mx/shared/messages";
import type { Profile, UpdateProfileBody } from "@mx/shared/schemas/auth";
import { and, eq, ne } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { users } from "../../db/schema/users";
import { announceInvalidation, publishPublic } from "../events/publish";
import { noticeMail } from "../mail/templates";
import { type QueuedMessage, queueMail } from "../outbox/queue-message";
import { assertIdentityFree, identityConflict } from "./find-user";
import { getProfile } from "./get-profile";

export type ProfileUpdate = {
  /** The profile as the player is shown it: with the e-mail they asked for, even one that was not free. */
  profile: Profile;
  /** An e-mail asked for that another account holds: left unchanged, its owner is told instead. */
  takenEmail: string | null;
  /** The notice mail queued with the change, for the caller to `deliverSoon` once it has returned. */
  notice: QueuedMessage | null;
};

/**
 * Changes the profile. An e-mail another account holds is not taken, but the answer is the same as for a free one,
 * so that the form cannot tell which addresses have accounts (as sign-up cannot); its owner is told instead. A new
 * e-mail is told to the old address (someone else may have changed it). Either notice is queued in the change's
 * transaction: it exists only if the change commits. Runs in a transaction of its own (a savepoint in a caller's).
 */
export async function updateProfile(
  db: Queryable,
  userId: string,
  changes: UpdateProfileBody,
): Promise<ProfileUpdate> {
  const email = changes.email?.toLowerCase();
  try {
    return await apply(db, userId, changes, email);
  } catch (error) {
    // Taken by another account between the check and the write: the same answer, as for a taken one.
    if (email && uniqueViolation(error)?.includes("email")) {
      return await apply(db, userId, changes, email).catch((again: unknown) => {
        throw identityConflict(again) ?? again;
      });
    }
    throw identityConflict(error) ?? error;
  }
}

async function apply(
  db: Queryable,
  userId: string,
  changes: UpdateProfileBody,
  email: string | undefined,
): Promise<ProfileUpdate> {
  return db.transaction(async (tx) => {
    await assertIdentityFree(tx, { userName: changes.userName, exceptUserId: userId });
    const taken = email !== undefined && (await heldByAnother(tx, email, userId));
    const color = changes.buildingColor?.toLowerCase();
    const [before] = await tx
      .select({ color: users.buildingColor, email: users.email })
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
        email: taken ? undefined : email,
        buildingColor: color,
        hideHoldings: changes.hideHoldings,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    const profile = await getProfile(tx, userId);
    if (taken && email) {
      const m = accountMails.emailChangeToTaken;
      const notice = await queueMail(tx, noticeMail(email, m.subject, m.title, [m.body, m.ignore]));
      return { profile: { ...profile, email }, takenEmail: email, notice };
    }
    let notice: QueuedMessage | null = null;
    if (email !== undefined && before?.email && email !== before.email) {
      const m = accountMails.emailChanged;
      notice = await queueMail(
        tx,
        noticeMail(before.email, m.subject, m.title, [
          m.body(profile.email),
          accountMails.payoutHold.ifNotYou,
        ]),
      );
    }
    return { profile, takenEmail: null, notice };
  });
}

async function heldByAnother(q: Queryable, email: string, userId: string): Promise<boolean> {
  const [row] = await q
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}
