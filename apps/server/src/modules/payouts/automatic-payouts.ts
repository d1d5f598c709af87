import { and, eq, isNotNull, isNull, lte, or } from "drizzle-orm";
import { payoutSettings } from "../../db/schema/payouts";
import { users } from "../../db/schema/users";
import type { AppDeps } from "../../deps";
import { reserveWholeBalance, standardDestination } from "./request-payout";
import { sendPayout } from "./send-payout";

/** The UTC day a time falls on, "2025-03-07": automatic payouts run once per player per day. */
export const payoutDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The daily automatic payout: every connected player whose payouts are automatic gets their whole balance paid
 * out, at most once a day (a second run the same day finds that day's payout and makes none). Scheduled from
 * main.ts; each player's failure is logged and the others go on.
 */
export async function runAutomaticPayouts(deps: AppDeps, now = new Date()): Promise<{ paid: number }> {
  const players = await deps.db
    .select({ userId: users.id, accountId: users.stripeConnAccId })
    .from(payoutSettings)
    .innerJoin(users, eq(users.id, payoutSettings.userId))
    .where(
      and(
        eq(payoutSettings.payoutType, "automatic"),
        isNull(users.deletedAt),
        eq(users.isStripeIntegrated, true),
        isNotNull(users.stripeConnAccId),
        // Held after a password reset or a new payout card.
        or(isNull(users.payoutHoldUntil), lte(users.payoutHoldUntil, now)),
        // The first payout after a password reset waits for the player's own fresh proof.
        eq(users.payoutProofDue, false),
      ),
    );
  let paid = 0;
  const automaticDay = payoutDay(now);
  for (const { userId, accountId } of players) {
    if (!accountId) continue;
    try {
      const reserved = await reserveWholeBalance(deps, {
        userId,
        accountId,
        automatic: true,
        automaticDay,
        destination: null,
        destinationLabel: await standardDestination(deps, accountId),
      });
      if (!reserved) continue;
      await sendPayout(deps, reserved.id);
      paid += 1;
    } catch (error) {
      deps.log?.error({ err: error, userId }, "automatic payout failed");
    }
  }
  return { paid };
}
