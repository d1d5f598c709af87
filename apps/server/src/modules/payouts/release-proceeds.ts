import { eq } from "drizzle-orm";
import { earningsClearances } from "../../db/schema/disputes";
import { users } from "../../db/schema/users";
import type { AppDeps } from "../../deps";
import { clearOne } from "../ledger/clearing";
import { completeDeletionRefund, type DeletionRefund, reserveDeletionRefund } from "./deletion-refund";

/**
 * Clears one sale's proceeds, in a transaction of its own; false if they no longer clear (cleared already, or taken
 * back). A seller whose account was deleted while they cleared is owed them as the rest of their balance was: in the
 * same transaction they leave the way the deletion's refund went (the default card, PayPal or the payout account,
 * less the fee), sent once it commits. The deletion took only what had cleared: paying out proceeds early on
 * deletion would let an account be deleted to skip the wait.
 */
export async function releaseProceeds(deps: AppDeps, clearanceId: string): Promise<boolean> {
  const outcome = await deps.db.transaction(async (tx): Promise<{ refund: DeletionRefund } | null> => {
    const [row] = await tx
      .select({ sellerId: earningsClearances.sellerId })
      .from(earningsClearances)
      .where(eq(earningsClearances.id, clearanceId));
    if (!row) return null;
    // Lock order, as the deletion takes it: the player's row, then their earnings. A deletion under way finishes
    // first, and is seen.
    const [seller] = await tx
      .select({
        id: users.id,
        deletedAt: users.deletedAt,
        stripeConnAccId: users.stripeConnAccId,
        isStripeIntegrated: users.isStripeIntegrated,
      })
      .from(users)
      .where(eq(users.id, row.sellerId))
      .for("share");
    if (!(await clearOne(tx, clearanceId))) return null;
    if (!seller?.deletedAt) return { refund: null };
    // A forfeit of what this release brings is its own, not the deletion's (posted once per reference).
    return { refund: await reserveDeletionRefund(tx, deps, seller, `clearance:${clearanceId}`) };
  });
  if (!outcome) return false;
  await completeDeletionRefund(deps, outcome.refund);
  return true;
}
