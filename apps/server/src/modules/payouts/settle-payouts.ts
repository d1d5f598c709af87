import { and, eq, isNotNull, lte, type SQL } from "drizzle-orm";
import { accountRefunds, payouts } from "../../db/schema/payouts";
import type { AppDeps } from "../../deps";
import { sendDeletionRefund } from "./deletion-refund";
import { recordPayout, sendPayout } from "./send-payout";

/** A payout or refund still `requested` this long after it was written was interrupted: it is sent again. */
export const STALE_REQUEST_MS = 2 * 60_000;
const BATCH = 100;

/**
 * Brings payouts up to date with the processor, for one player or for everyone (the scheduled job):
 *   - pending payouts whose arrival time has passed are read again, and become paid or failed;
 *   - payouts and deletion refunds left `requested` (the process stopped, or the processor could not be reached)
 *     are sent again with their own idempotency keys, so nothing is sent twice.
 * One failure is logged and does not stop the others.
 */
export async function settlePayouts(
  deps: AppDeps,
  {
    userId,
    now = new Date(),
    retryRequested = true,
  }: { userId?: string; now?: Date; retryRequested?: boolean } = {},
): Promise<{ settled: number; retried: number }> {
  const mine = (column: SQL | undefined) => (userId ? and(column, eq(payouts.userId, userId)) : column);
  let settled = 0;
  let retried = 0;

  const arrived = await deps.db
    .select()
    .from(payouts)
    .where(
      mine(
        and(eq(payouts.state, "pending"), isNotNull(payouts.providerPayoutId), lte(payouts.arrivalAt, now)),
      ),
    )
    .limit(BATCH);
  for (const row of arrived) {
    if (!row.providerPayoutId) continue;
    try {
      const result = await deps.gateway.retrievePayout({
        accountId: row.accountId,
        payoutId: row.providerPayoutId,
      });
      if (result.status !== "pending") {
        await recordPayout(deps, row.id, result);
        settled += 1;
      }
    } catch (error) {
      deps.log?.warn({ err: error, payoutId: row.id }, "a payout could not be re-read");
    }
  }

  if (!retryRequested) return { settled, retried };
  const staleBefore = new Date(now.getTime() - STALE_REQUEST_MS);
  const stuck = await deps.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(mine(and(eq(payouts.state, "requested"), lte(payouts.updatedAt, staleBefore))))
    .limit(BATCH);
  for (const { id } of stuck) {
    try {
      await sendPayout(deps, id);
      retried += 1;
    } catch (error) {
      deps.log?.warn({ err: error, payoutId: id }, "an interrupted payout could not be sent yet");
    }
  }
  const refunds = await deps.db
    .select({ id: accountRefunds.id })
    .from(accountRefunds)
    .where(
      and(
        eq(accountRefunds.state, "requested"),
        lte(accountRefunds.updatedAt, staleBefore),
        userId ? eq(accountRefunds.userId, userId) : undefined,
      ),
    )
    .limit(BATCH);
  for (const { id } of refunds) {
    try {
      await sendDeletionRefund(deps, id);
      retried += 1;
    } catch (error) {
      deps.log?.warn({ err: error, refundId: id }, "an interrupted deletion refund could not be sent yet");
    }
  }
  return { settled, retried };
}
