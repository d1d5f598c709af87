import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loginFailures } from "../../db/schema/otp";
import { sessions, users } from "../../db/schema/users";
import { lockKey } from "../../lib/locks";
import { findActiveUser } from "./find-user";

/**
 * Irreversible. Personal data is erased and the e-mail and username are freed at once; the row stays
 * (as "Deleted player") so that history which names it keeps its meaning.
 */
export async function deleteAccount(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockKey(tx, `user:${userId}`);
    const user = await findActiveUser(tx, userId);
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    // The player's buildings go back on the market, unowned, at their base price.
    await tx.execute(sql`
      update properties p set owner_id = null, for_sale = false, custom_name = null,
        price_cents = b.base_price_cents, updated_at = now()
      from buildings b where b.id = p.building_id and p.owner_id = ${userId}`);
    if (user.email) await tx.delete(loginFailures).where(eq(loginFailures.email, user.email));
    await tx
      .update(users)
      .set({
        email: null,
        userName: null,
        fullName: "Deleted player",
        passwordHash: null,
        deviceToken: null,
        stripeConnAccId: null,
        isStripeIntegrated: false,
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  });
}
