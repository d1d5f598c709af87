import { and, eq, isNotNull, isNull, lte, ne, or, type SQL } from "drizzle-orm";
import { accountRefunds, payouts } from "../../db/schema/payouts";
import type { AppDeps } from "../../deps";
import { PAYPAL_REFUND_RECHECK_MS, sendDeletionRefund, settlePaypalRefund } from "./deletion-refund";
import { recordPayout, sendPayout } from "./send-payout";

/** At most this many of each kind are found per look; the rest wait for the next one. */
const BATCH = 1000;

type Scope = { userId?: string; now?: Date };

/** Pending payouts whose arrival time has passed: the processor is asked again how they ended. */
export async function findLandedPayouts(deps: AppDeps, { userId, now = new Date() }: Scope = {}) {
  const rows = await deps.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(
      and(
        eq(payouts.state, "pending"),
        isNotNull(payouts.providerPayoutId),
        lte(payouts.arrivalAt, now),
        userId ? eq(payouts.userId, userId) : undefined,
      ),
    )
    .limit(BATCH);
  return rows.map((r) => r.id);
}

/**
 * Reads one landed payout again and records it as paid or failed; true when it changed. A payout the processor
 * still calls pending is left for the next look. A processor that cannot be reached throws.
 */
export async function settleLandedPayout(deps: AppDeps, payoutId: string): Promise<boolean> {
  const [row] = await deps.db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (row?.state !== "pending" || !row.providerPayoutId) return false;
  const result = await deps.gateway.retrievePayout({
    accountId: row.accountId,
    payoutId: row.providerPayoutId,
  });
  if (result.status === "pending") return false;
  await recordPayout(deps, row.id, result);
  return true;
}

/** Requested this long ago and still not sent: the request was interrupted (the money recovery delay, 2 min by default). */
const staleBefore = (deps: AppDeps, now: Date) => new Date(now.getTime() - deps.config.moneyRecoveryAfterMs);

/** Payouts left `requested` (the process stopped, or the processor could not be reached). */
export async function findInterruptedPayouts(deps: AppDeps, { userId, now = new Date() }: Scope = {}) {
  const mine = (where: SQL | undefined) => (userId ? and(where, eq(payouts.userId, userId)) : where);
  const rows = await deps.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(mine(and(eq(payouts.state, "requested"), lte(payouts.updatedAt, staleBefore(deps, now)))))
    .limit(BATCH);
  return rows.map((r) => r.id);
}

/**
 * Sends one interrupted payout again with its own idempotency key, so it is never sent twice. A refusal fails the
 * payout (the money goes back to the balance) and is an end, not an error; an unreachable processor throws.
 */
export async function resendInterruptedPayout(deps: AppDeps, payoutId: string): Promise<void> {
  try {
    await sendPayout(deps, payoutId);
  } catch (error) {
    const [row] = await deps.db
      .select({ state: payouts.state })
      .from(payouts)
      .where(eq(payouts.id, payoutId));
    if (row?.state === "requested") throw error;
  }
}

/** Deletion refunds left `requested`. */
export async function findInterruptedRefunds(deps: AppDeps, { userId, now = new Date() }: Scope = {}) {
  const rows = await deps.db
    .select({ id: accountRefunds.id })
    .from(accountRefunds)
    .where(
      and(
        eq(accountRefunds.state, "requested"),
        lte(accountRefunds.updatedAt, staleBefore(deps, now)),
        userId ? eq(accountRefunds.userId, userId) : undefined,
      ),
    )
    .limit(BATCH);
  return rows.map((r) => r.id);
}

/**
 * Deletion refunds sent as PayPal payouts whose item PayPal has not yet called SUCCESS (pending, unclaimed, or
 * never read), last read at least PAYPAL_REFUND_RECHECK_MS ago: PayPal is asked again.
 */
export async function findUnsettledPaypalRefunds(deps: AppDeps, { userId, now = new Date() }: Scope = {}) {
  const rows = await deps.db
    .select({ id: accountRefunds.id })
    .from(accountRefunds)
    .where(
      and(
        eq(accountRefunds.provider, "paypal"),
        eq(accountRefunds.state, "refunded"),
        or(isNull(accountRefunds.providerStatus), ne(accountRefunds.providerStatus, "SUCCESS")),
        lte(accountRefunds.updatedAt, new Date(now.getTime() - PAYPAL_REFUND_RECHECK_MS)),
        userId ? eq(accountRefunds.userId, userId) : undefined,
      ),
    )
    .limit(BATCH);
  return rows.map((r) => r.id);
}

/** Sends one interrupted deletion refund again (its own key); throws while the processor cannot be reached. */
export async function resendDeletionRefund(deps: AppDeps, refundId: string): Promise<void> {
  await sendDeletionRefund(deps, refundId);
  const [row] = await deps.db
    .select({ state: accountRefunds.state })
    .from(accountRefunds)
    .where(eq(accountRefunds.id, refundId));
  if (row?.state === "requested") throw new Error(`deletion refund ${refundId} is not confirmed yet`);
}

/**
 * Brings one player's payouts (or everyone's) up to date at once, as the payout history does before it answers:
 * landed payouts and unsettled PayPal refunds are read again and, unless `retryRequested` is false, interrupted
 * payouts and deletion refunds are sent again. The job queue does the same item by item (jobs/settle-landed-payouts.ts and its neighbours).
 * One failure is logged and does not stop the others.
 */
export async function settlePayouts(
  deps: AppDeps,
  { userId, now = new Date(), retryRequested = true }: Scope & { retryRequested?: boolean } = {},
): Promise<{ settled: number; retried: number }> {
  let settled = 0;
  let retried = 0;
  for (const id of await findLandedPayouts(deps, { userId, now })) {
    try {
      if (await settleLandedPayout(deps, id)) settled += 1;
    } catch (error) {
      deps.log?.warn({ err: error, payoutId: id }, "a payout could not be re-read");
    }
  }
  for (const id of await findUnsettledPaypalRefunds(deps, { userId, now })) {
    try {
      if (await settlePaypalRefund(deps, id)) settled += 1;
    } catch (error) {
      deps.log?.warn({ err: error, refundId: id }, "a PayPal refund could not be re-read");
    }
  }
  if (!retryRequested) return { settled, retried };
  for (const id of await findInterruptedPayouts(deps, { userId, now })) {
    try {
      await resendInterruptedPayout(deps, id);
      retried += 1;
    } catch (error) {
      deps.log?.warn({ err: error, payoutId: id }, "an interrupted payout could not be sent yet");
    }
  }
  for (const id of await findInterruptedRefunds(deps, { userId, now })) {
    try {
      await resendDeletionRefund(deps, id);
      retried += 1;
    } catch (error) {
      deps.log?.warn({ err: error, refundId: id }, "an interrupted deletion refund could not be sent yet");
    }
  }
  return { settled, retried };
}
