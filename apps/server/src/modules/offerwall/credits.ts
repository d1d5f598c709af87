import { AppError } from "@mx/kit/errors";
import { lockKey } from "@mx/kit/locks";
import { queryRows } from "@mx/kit/sql";
import { formatCents } from "@mx/shared/money";
import { eq, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../../db/client";
import { purchases } from "../../db/schema/purchases";
import { users } from "../../db/schema/users";
import { accounts, balanceOf, postJournal } from "../ledger/ledger";

/*
 * Offer-wall credits live in the ledger, one account per player (`credits:<user>`), funded from the partners'
 * account. Every change to a player's credits takes the lock `ledger:credits:<user>` in its transaction first, so
 * two at once (two purchases, a purchase and a reversal) read the balance one after the other and never overdraw.
 */

export type CreditsSummary = {
  /** What the player holds, in cents. */
  balanceCents: number;
  /** What the player owes from offers taken back after they had spent the credits (cents, ≥ 0). */
  debtCents: number;
  /** What they may spend now: the balance, or nothing while the account is younger than the hold. */
  usableCents: number;
  /** When credits become spendable, if not yet. */
  usableFrom: Date | null;
};

const creditsLock = (userId: string) => `ledger:${accounts.credits(userId)}`;

export async function creditsOf(
  q: Queryable,
  holdHours: number,
  userId: string,
  now = new Date(),
): Promise<CreditsSummary> {
  const [balanceCents, debt, [user]] = await Promise.all([
    balanceOf(q, accounts.credits(userId)),
    balanceOf(q, accounts.creditsDebt(userId)),
    q.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)),
  ]);
  const usableAt = new Date((user?.createdAt ?? now).getTime() + holdHours * 3_600_000);
  const usable = usableAt.getTime() <= now.getTime();
  return {
    balanceCents,
    debtCents: -debt,
    usableCents: usable ? balanceCents : 0,
    usableFrom: usable ? null : usableAt,
  };
}

/**
 * Gives a player credits for an offer (inside the caller's transaction, under the player's credits lock). A debt
 * from earlier reversals is repaid first, so the player receives the rest.
 */
export async function grantCredits(
  tx: Tx,
  input: { userId: string; amountCents: number; reference: string; memo: string },
): Promise<{ receivedCents: number; repaidCents: number }> {
  const { userId, amountCents } = input;
  await lockKey(tx, creditsLock(userId));
  const debt = -(await balanceOf(tx, accounts.creditsDebt(userId)));
  const repaidCents = Math.min(amountCents, Math.max(0, debt));
  const receivedCents = amountCents - repaidCents;
  await postJournal(tx, {
    kind: "offerwall-credit",
    reference: input.reference,
    memo: input.memo,
    entries: [
      { account: accounts.offerwall, amountCents: -amountCents },
      ...(receivedCents > 0 ? [{ account: accounts.credits(userId), amountCents: receivedCents }] : []),
      ...(repaidCents > 0 ? [{ account: accounts.creditsDebt(userId), amountCents: repaidCents }] : []),
    ],
  });
  return { receivedCents, repaidCents };
}

/**
 * Takes credits back for an offer the partner reversed. The balance never goes below zero: what it lacks is
 * recorded as a debt, repaid from the player's next credits.
 */
export async function takeBackCredits(
  tx: Tx,
  input: { userId: string; amountCents: number; reference: string; memo: string },
): Promise<{ takenCents: number; debtCents: number }> {
  const { userId, amountCents } = input;
  await lockKey(tx, creditsLock(userId));
  const balance = await balanceOf(tx, accounts.credits(userId));
  const takenCents = Math.min(amountCents, Math.max(0, balance));
  const debtCents = amountCents - takenCents;
  await postJournal(tx, {
    kind: "offerwall-reversal",
    reference: input.reference,
    memo: input.memo,
    entries: [
      { account: accounts.offerwall, amountCents },
      ...(takenCents > 0 ? [{ account: accounts.credits(userId), amountCents: -takenCents }] : []),
      ...(debtCents > 0 ? [{ account: accounts.creditsDebt(userId), amountCents: -debtCents }] : []),
    ],
  });
  return { takenCents, debtCents };
}

export type CreditHold = { purchaseId: string; userId: string; creditsCents: number };

/**
 * Sets credits aside for purchases just reserved, in the transaction that wrote their rows: a purchase whose
 * player lacks the credits (or may not spend them yet) is failed there and then, before anything is charged, and
 * its error returned by purchase id. A hold already made (a batch run again) is kept as it is.
 */
export async function holdPurchaseCredits(
  tx: Tx,
  holdHours: number,
  holds: CreditHold[],
): Promise<Map<string, AppError>> {
  const refused = new Map<string, AppError>();
  const sorted = [...holds].sort(
    (a, b) => a.userId.localeCompare(b.userId) || a.purchaseId.localeCompare(b.purchaseId),
  );
  for (const userId of [...new Set(sorted.map((h) => h.userId))]) await lockKey(tx, creditsLock(userId));
  for (const hold of sorted) {
    const [row] = await tx
      .select({
        creditsCents: purchases.creditsCents,
        status: purchases.status,
        buildingId: purchases.buildingId,
      })
      .from(purchases)
      .where(eq(purchases.id, hold.purchaseId));
    if (row?.status !== "pending" || row.creditsCents === hold.creditsCents) continue;
    const { usableCents, usableFrom } = await creditsOf(tx, holdHours, hold.userId);
    let error: AppError | null = null;
    if (usableFrom) {
      error = new AppError(
        "INSUFFICIENT_BALANCE",
        `Your credits can be spent from ${usableFrom.toISOString()}, ${holdHours} hours after your account was created.`,
      );
    } else if (usableCents < hold.creditsCents) {
      error = new AppError(
        "INSUFFICIENT_BALANCE",
        `You have ${formatCents(usableCents)} of credits, less than the ${formatCents(hold.creditsCents)} asked for.`,
      );
    }
    if (error) {
      await tx
        .update(purchases)
        .set({ status: "failed", failure: error.message, updatedAt: new Date() })
        .where(eq(purchases.id, hold.purchaseId));
      refused.set(hold.purchaseId, error);
      continue;
    }
    await postJournal(tx, {
      kind: "purchase-credits",
      reference: hold.purchaseId,
      building: { id: row.buildingId },
      memo: `credits held for purchase ${hold.purchaseId}`,
      entries: [
        { account: accounts.credits(hold.userId), amountCents: -hold.creditsCents },
        { account: accounts.creditsHeld, amountCents: hold.creditsCents },
      ],
    });
    await tx
      .update(purchases)
      .set({ creditsCents: hold.creditsCents })
      .where(eq(purchases.id, hold.purchaseId));
  }
  return refused;
}

/**
 * Gives back the credits a failed or refunded purchase held, inside the transaction that settles it. Once only:
 * the journal is keyed by the purchase, so a second settlement (recovery after a crash) posts nothing.
 */
export async function releasePurchaseCredits(tx: Tx, purchaseId: string): Promise<number> {
  const [row] = await tx
    .select({
      userId: purchases.userId,
      creditsCents: purchases.creditsCents,
      buildingId: purchases.buildingId,
    })
    .from(purchases)
    .where(eq(purchases.id, purchaseId));
  if (!row || row.creditsCents <= 0) return 0;
  await lockKey(tx, creditsLock(row.userId));
  const { duplicate } = await postJournal(tx, {
    kind: "purchase-credits-release",
    reference: purchaseId,
    building: { id: row.buildingId },
    memo: `credits given back: purchase ${purchaseId} did not go through`,
    entries: [
      { account: accounts.creditsHeld, amountCents: -row.creditsCents },
      { account: accounts.credits(row.userId), amountCents: row.creditsCents },
    ],
  });
  return duplicate ? 0 : row.creditsCents;
}

/** Credits earned by a player in the 24 hours before `now` (for the daily cap), read under their lock. */
export async function creditedToday(tx: Tx, userId: string, now = new Date()): Promise<number> {
  await lockKey(tx, creditsLock(userId));
  const [row] = await queryRows<{ total: string | number | null }>(
    tx,
    sql`select coalesce(sum(credited_cents), 0)::bigint as total from offer_completions
        where user_id = ${userId} and credited_at > ${new Date(now.getTime() - 86_400_000)}`,
  );
  return Number(row?.total ?? 0);
}
