import { lockKey } from "@mx/kit/locks";
import { queryRows } from "@mx/kit/sql";
import { and, eq, sql } from "drizzle-orm";
import { bids } from "../../db/schema/bids";
import { activities, pushSubscriptions } from "../../db/schema/live";
import { loginThrottles } from "../../db/schema/otp";
import { paymentCards } from "../../db/schema/payments";
import { sessions, users } from "../../db/schema/users";
import { alertSettings, watchlist } from "../../db/schema/watchlist";
import type { AppDeps } from "../../deps";
import { findActiveUser } from "../auth/active-user";
import { bidActivity } from "../bids/bid-activity";
import type { HeldBid } from "../bids/bid-rows";
import { releaseHolds } from "../bids/release-holds";
import { lockBuildingsOf } from "../buildings/lock-buildings";
import { trackHoldings } from "../collections/track-holdings";
import { announceInvalidation, publishPublic } from "../events/publish";
import { completeDeletionRefund, reserveDeletionRefund } from "../payouts/deletion-refund";
import { forgetSessionsLocally } from "../system/hot-reads";

/**
 * Irreversible. Personal data is erased and the e-mail and username are freed at once; the row stays
 * (as "Deleted player") so that history which names it keeps its meaning.
 */
export async function deleteAccount(deps: AppDeps, userId: string): Promise<void> {
  const { db } = deps;
  const heldBids: HeldBid[] = [];
  const refund = await db.transaction(async (tx) => {
    // Lock order, as every money operation takes it: the buildings first (those the player owns and those their
    // open purchases, developments and bids are for, in building order), then the player's row. An operation
    // holding a building and waiting for the row (its insert's key-share lock) finishes before this goes on.
    await lockBuildingsOf(tx, userId);
    await lockKey(tx, `user:${userId}`);
    const user = await findActiveUser(tx, userId);
    // Lock order, as every payout takes it: the player's row, then their earnings account. The row is updated
    // below (its e-mail and username freed), which conflicts with the key-share lock a payout's insert holds;
    // taking it first means a payout under way finishes before this takes the earnings, never the reverse.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    // The remaining earnings leave the balance for the default card, minus the fee; sent once this commits.
    const refund = await reserveDeletionRefund(tx, deps, user);
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await announceInvalidation(tx, { sessionsOf: userId, player: userId });
    forgetSessionsLocally({ userId });
    // The player's buildings go back on the market, unowned, at their base price (locked above).
    const freed = await queryRows<{ building_id: string }>(
      tx,
      sql`
      update properties p set owner_id = null, for_sale = false, custom_name = null,
        price_cents = b.base_price_cents, updated_at = now()
      from buildings b where b.id = p.building_id and p.owner_id = ${userId}
      returning p.building_id`,
    );
    // The collections they held are lost with them ("once held" stays on their record).
    await trackHoldings(
      tx,
      deps.collections,
      freed.map((r) => r.building_id),
    );
    await publishPublic(tx, { type: "map.changed" });
    // The feed, the browsers' push subscriptions, the watchlist and its alerts' switches are the player's own: gone
    // with the account.
    await tx.delete(activities).where(eq(activities.userId, userId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    await tx.delete(watchlist).where(eq(watchlist.userId, userId));
    await tx.delete(alertSettings).where(eq(alertSettings.userId, userId));
    // The player's own pending bids are withdrawn and the bids on their buildings released; holds let go below.
    const withdrawn = await tx
      .update(bids)
      .set({ status: "cancelled", decidedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(bids.bidderId, userId), eq(bids.status, "pending")))
      .returning({ id: bids.id, paymentIntentId: bids.paymentIntentId });
    const released = await tx
      .update(bids)
      .set({ status: "released", decidedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(bids.ownerId, userId), eq(bids.status, "pending")))
      .returning({ id: bids.id, paymentIntentId: bids.paymentIntentId });
    for (const bid of withdrawn) await bidActivity(tx, bid.id, "cancelled");
    for (const bid of released) await bidActivity(tx, bid.id, "released");
    heldBids.push(...withdrawn, ...released);
    if (user.email) await tx.delete(loginThrottles).where(eq(loginThrottles.account, user.email));
    // The name on a card is personal data too; the card itself stays for the refund and the books.
    await tx.update(paymentCards).set({ name: null }).where(eq(paymentCards.userId, userId));
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
    return refund;
  });
  await releaseHolds(deps, heldBids);
  await completeDeletionRefund(deps, refund);
}
