import { AppError } from "@mx/kit/errors";
import { newId } from "@mx/kit/secrets";
import type { GatewayPayout, PayoutMethod } from "@mx/processors/payout-gateway";
import { serverMessages } from "@mx/shared/messages";
import { formatCents } from "@mx/shared/money";
import { and, eq, ne } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { payouts } from "../../db/schema/payouts";
import type { AppDeps } from "../../deps";
import { recordActivity } from "../events/publish";
import { accounts, type Entry, postJournal } from "../ledger/ledger";
import { type MoneyOut, type MoneyOutcome, sendMoneyOut } from "../money/operation";

export type PayoutRow = typeof payouts.$inferSelect;

export type PayoutRequest = {
  userId: string;
  accountId: string;
  provider: string;
  amountCents: number;
  feeCents: number;
  currency: string;
  method: PayoutMethod;
  automatic: boolean;
  /** For an automatic payout: the day it runs for; a second one that day is not made. */
  automaticDay?: string;
  destination: string | null;
  destinationLabel: string | null;
};

/** The journal that takes a payout out of the player's earnings: earnings −amount, payouts +net, fees +fee. */
function payoutEntries(row: Pick<PayoutRow, "userId" | "amountCents" | "feeCents" | "netCents">): Entry[] {
  const entries: Entry[] = [
    { account: accounts.earnings(row.userId), amountCents: -row.amountCents },
    { account: accounts.payouts, amountCents: row.netCents },
  ];
  if (row.feeCents > 0) entries.push({ account: accounts.platformFees, amountCents: row.feeCents });
  return entries;
}

/**
 * Step 1 of a payout, inside the caller's transaction: the row in state `requested` and the journal that takes the
 * money out of the earnings. `postJournal` locks the earnings account and refuses to take it below zero, so of
 * payouts asked for at the same moment only those the balance covers get this far. Null when an automatic payout
 * for that day exists already.
 */
export async function reservePayout(tx: Tx, request: PayoutRequest): Promise<PayoutRow | null> {
  const netCents = request.amountCents - request.feeCents;
  if (!Number.isSafeInteger(request.amountCents) || netCents <= 0) {
    throw new Error(`a payout must send something: ${request.amountCents} − ${request.feeCents}`);
  }
  const [row] = await tx
    .insert(payouts)
    .values({
      id: newId(),
      userId: request.userId,
      provider: request.provider,
      accountId: request.accountId,
      amountCents: request.amountCents,
      feeCents: request.feeCents,
      netCents,
      currency: request.currency,
      method: request.method,
      automatic: request.automatic,
      automaticDay: request.automaticDay ?? null,
      destination: request.destination,
      destinationLabel: request.destinationLabel,
      state: "requested",
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  await postJournal(tx, {
    kind: "payout",
    reference: row.id,
    memo: `${request.method} payout of ${formatCents(row.netCents)}${row.feeCents ? ` (fee ${formatCents(row.feeCents)})` : ""}`,
    entries: payoutEntries(row),
  });
  return row;
}

/**
 * A failed payout, inside the caller's transaction: the row becomes `failed` and the money goes back to the
 * earnings (journal "payout_reversal", keyed by the payout, so it is posted once however often this runs).
 */
async function failInTx(
  tx: Tx,
  payoutId: string,
  message: string,
  providerPayoutId: string | null = null,
): Promise<void> {
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for("update");
  if (!row) return;
  if (row.state !== "failed") {
    await tx
      .update(payouts)
      .set({
        state: "failed",
        failureMessage: message,
        providerPayoutId: row.providerPayoutId ?? providerPayoutId,
        updatedAt: new Date(),
      })
      .where(eq(payouts.id, payoutId));
    await recordActivity(tx, row.userId, "payout.failed", {
      payoutId: row.id,
      amount: row.amountCents / 100,
      instant: row.method === "instant",
      reason: message,
    });
  }
  await postJournal(tx, {
    kind: "payout_reversal",
    reference: row.id,
    memo: `payout failed: ${message}`,
    entries: payoutEntries(row).map((e) => ({ ...e, amountCents: -e.amountCents })),
  });
}

/**
 * What the processor says of a payout, inside the caller's transaction (the webhook's, or `recordPayout`'s). A payout
 * moves forward only: requested → pending → paid, and any of them → failed; a paid payout is never made pending.
 */
export async function applyPayoutResult(tx: Tx, payoutId: string, result: GatewayPayout): Promise<void> {
  if (result.status === "failed") {
    await failInTx(tx, payoutId, result.failureMessage ?? "The payout failed.", result.id);
    return;
  }
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for("update");
  if (!row || row.state === "failed" || row.state === "paid") return;
  if (row.state === "pending" && result.status === "pending" && row.providerPayoutId === result.id) return;
  await tx
    .update(payouts)
    .set({
      state: result.status,
      providerPayoutId: result.id,
      arrivalAt: result.arrivalAt,
      updatedAt: new Date(),
    })
    .where(and(eq(payouts.id, payoutId), ne(payouts.state, "failed")));
  if (result.status === "paid") {
    await recordActivity(tx, row.userId, "payout.paid", {
      payoutId: row.id,
      amount: row.amountCents / 100,
      instant: row.method === "instant",
    });
  }
}

/** Records the processor's answer. A failure first takes the money back from the connected account, if it got any. */
export async function recordPayout(deps: AppDeps, payoutId: string, result: GatewayPayout): Promise<void> {
  if (result.status === "failed") {
    await deps.gateway.reclaimFailedPayout({ accountId: result.accountId, payoutId: result.id });
  }
  await deps.db.transaction((tx) => applyPayoutResult(tx, payoutId, result));
}

/** A payout the processor refused outright (nothing was sent): failed, and the money back in the balance. */
async function failPayout(deps: AppDeps, payoutId: string, message: string): Promise<void> {
  await deps.db.transaction((tx) => failInTx(tx, payoutId, message));
}

/** A payout as money out (money/operation.ts): sent under `payout:<id>`, the processor's answer recorded. */
function payoutOperation(deps: AppDeps): MoneyOut<PayoutRow, GatewayPayout> {
  return {
    name: "payout",
    reserved: (row) => row.state === "requested",
    send: (row) =>
      deps.gateway.createPayout({
        accountId: row.accountId,
        amountCents: row.netCents,
        currency: row.currency,
        method: row.method as PayoutMethod,
        ...(row.destination ? { destination: row.destination } : {}),
        reference: row.id,
        idempotencyKey: `payout:${row.id}`,
      }),
    record: (row, result) => recordPayout(deps, row.id, result),
    fail: (row, refusal) => failPayout(deps, row.id, refusal.message),
  };
}

/**
 * Steps 2 and 3 of a payout, outside any transaction: the processor is asked to send it (with the payout's own
 * idempotency key, so a retry never sends twice) and its answer recorded. A refusal fails the payout, returning the
 * money, and is thrown to the caller; when the processor cannot be reached the payout stays `requested` for
 * `settlePayouts` to retry, and the caller hears 503.
 */
export async function sendPayout(deps: AppDeps, payoutId: string): Promise<PayoutRow> {
  const [row] = await deps.db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!row) throw new AppError("NOT_FOUND", "No such payout.");
  let outcome: MoneyOutcome;
  try {
    outcome = await sendMoneyOut(payoutOperation(deps), row);
  } catch (error) {
    deps.log?.warn({ err: error, payoutId: row.id }, "payout not confirmed; it will be retried");
    throw new AppError("UNAVAILABLE", serverMessages.payoutPending, { cause: error });
  }
  if ("refusal" in outcome) throw outcome.refusal;
  if ("notReserved" in outcome) return row;
  const [after] = await deps.db.select().from(payouts).where(eq(payouts.id, row.id));
  return after ?? row;
}
