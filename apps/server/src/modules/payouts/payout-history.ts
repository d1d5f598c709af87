import { CURRENCY, INSTANT_PAYOUT_FEE_CENTS } from "@mx/shared/constants";
import { centsToDollars } from "@mx/shared/money";
import type { Balance, PayoutHistoryItem, PayoutStatus, PayoutType } from "@mx/shared/schemas/payouts";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { payoutSettings, payouts } from "../../db/schema/payouts";
import type { AppDeps } from "../../deps";
import { accounts, balanceOf } from "../ledger/ledger";
import { clearingProceeds } from "./clearing-proceeds";
import { requireConnectedAccount } from "./payout-account";
import type { PayoutRow } from "./send-payout";
import { settlePayouts } from "./settle-payouts";

/** One payout as the Withdrawals history shows it; a payout still being sent reads "pending". */
export function presentPayout(row: PayoutRow): PayoutHistoryItem {
  const status: PayoutStatus = row.state === "requested" ? "pending" : (row.state as PayoutStatus);
  return {
    id: row.id,
    amount: centsToDollars(row.amountCents),
    fee: centsToDollars(row.feeCents),
    netAmount: centsToDollars(row.netCents),
    currency: row.currency,
    status,
    automatic: row.automatic,
    method: row.method === "instant" ? "instant" : "standard",
    destination: row.destinationLabel,
    failureMessage: row.failureMessage,
    createdAt: row.createdAt.toISOString(),
  };
}

async function payoutTypeOf(q: Queryable, userId: string): Promise<PayoutType> {
  const [row] = await q
    .select({ payoutType: payoutSettings.payoutType })
    .from(payoutSettings)
    .where(eq(payoutSettings.userId, userId));
  return row?.payoutType === "automatic" ? "automatic" : "manual";
}

/**
 * GET users/balance: the earnings the ledger holds for the player (only cleared earnings are available), the sales'
 * proceeds still clearing with the time each clears, and what is on its way to them.
 */
export async function getBalance(db: Queryable, userId: string): Promise<Balance> {
  const [availableCents, clearing] = await Promise.all([
    balanceOf(db, accounts.earnings(userId)),
    clearingProceeds(db, userId),
  ]);
  const clearingCents = clearing.reduce((sum, row) => sum + row.amountCents, 0);
  const [pending] = await db
    .select({ cents: sql<string>`coalesce(sum(${payouts.netCents}), 0)::bigint` })
    .from(payouts)
    .where(and(eq(payouts.userId, userId), inArray(payouts.state, ["requested", "pending"])));
  return {
    availableAmount: centsToDollars(availableCents),
    availableCents,
    pendingAmount: centsToDollars(Number(pending?.cents ?? 0)),
    currency: CURRENCY,
    instantPayoutFee: centsToDollars(INSTANT_PAYOUT_FEE_CENTS),
    clearingAmount: centsToDollars(clearingCents),
    clearingCents,
    clearing,
  };
}

/**
 * GET users/payout/details: the newest payouts first. Payouts whose arrival time has passed are read again from
 * the processor first, so a standard payout shows "paid" once it has landed (with the sandbox this is what moves
 * it from pending to paid; with Stripe the webhook usually has already).
 */
export async function getPayoutDetails(
  deps: AppDeps,
  userId: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ payouts: PayoutHistoryItem[]; totalCount: number; payoutType: PayoutType }> {
  await requireConnectedAccount(deps.db, userId);
  await settlePayouts(deps, { userId, retryRequested: false }).catch((error: unknown) => {
    deps.log?.warn({ err: error, userId }, "payouts could not be re-read; showing what is known");
  });
  const [rows, [count], payoutType] = await Promise.all([
    deps.db
      .select()
      .from(payouts)
      .where(eq(payouts.userId, userId))
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(limit)
      .offset(offset),
    deps.db.select({ n: sql<number>`count(*)::int` }).from(payouts).where(eq(payouts.userId, userId)),
    payoutTypeOf(deps.db, userId),
  ]);
  return { payouts: rows.map(presentPayout), totalCount: count?.n ?? 0, payoutType };
}

/** PUT users/edit-Payout: manual, or automatic (the whole balance, once a day). */
export async function setPayoutType(
  deps: AppDeps,
  userId: string,
  payoutType: PayoutType,
): Promise<PayoutType> {
  await requireConnectedAccount(deps.db, userId);
  await deps.db
    .insert(payoutSettings)
    .values({ userId, payoutType })
    .onConflictDoUpdate({ target: payoutSettings.userId, set: { payoutType, updatedAt: new Date() } });
  return payoutType;
}
