import { and, eq, isNotNull, isNull, lte, or } from "drizzle-orm";
import { payoutSettings } from "../../db/schema/payouts";
import { users } from "../../db/schema/users";
import type { AppDeps } from "../../deps";
import { reserveWholeBalance, standardDestination } from "./request-payout";
import { sendPayout } from "./send-payout";

/** The UTC day a time falls on, "2025-03-07": automatic payouts run once per player per day. */
const payoutDay = (now: Date) => now.toISOString().slice(0, 10);

export type AutomaticPayee = { userId: string; accountId: string; day: string };

/** The connected players whose payouts are automatic, each with the day their payout would be for. */
export async function findAutomaticPayees(deps: AppDeps, now = new Date()): Promise<AutomaticPayee[]> {
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
        // Only accounts the platform manages, and not while Stripe holds their payouts for what it needs.
        eq(users.stripeAccountCollection, "application"),
        eq(users.stripePayoutsEnabled, true),
        // Held after a password reset or a new payout card.
        or(isNull(users.payoutHoldUntil), lte(users.payoutHoldUntil, now)),
        // The first payout after a password reset waits for the player's own fresh proof.
        eq(users.payoutProofDue, false),
        // Not while an operator has frozen their payouts.
        isNull(users.payoutsFrozenReason),
        // Nor while they are restricted (a lost dispute, a fraud warning).
        isNull(users.restrictedReason),
      ),
    );
  const day = payoutDay(now);
  return players.flatMap(({ userId, accountId }) => (accountId ? [{ userId, accountId, day }] : []));
}

/**
 * One player's automatic payout of their whole balance for `day`: at most one a day (a second try the same day
 * finds that day's payout and makes none). True when one was made. Once reserved, the payout is sent; if that
 * send is interrupted the payout stays `requested` and the resend job owns it, so this does not throw for it.
 */
export async function payAutomaticPayout(deps: AppDeps, payee: AutomaticPayee): Promise<boolean> {
  const reserved = await reserveWholeBalance(deps, {
    userId: payee.userId,
    accountId: payee.accountId,
    automatic: true,
    automaticDay: payee.day,
    destination: null,
    destinationLabel: await standardDestination(deps, payee.accountId),
  });
  if (!reserved) return false;
  await sendPayout(deps, reserved.id).catch((error: unknown) => {
    deps.log?.warn({ err: error, payoutId: reserved.id }, "automatic payout not sent yet");
  });
  return true;
}
