import { AppError } from "@mx/kit/errors";
import { lockKey } from "@mx/kit/locks";
import type { GatewayExternalAccount } from "@mx/processors/payout-gateway";
import { CURRENCY, INSTANT_PAYOUT_FEE_CENTS } from "@mx/shared/constants";
import { errors, serverMessages } from "@mx/shared/messages";
import type { InstantPayoutBody, PayoutHistoryItem } from "@mx/shared/schemas/payouts";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/users";
import type { AppDeps } from "../../deps";
import { findActiveUser } from "../auth/active-user";
import { assertNotFrozen, frozenRefusal } from "../auth/frozen";
import { assertNotRestricted, restrictedRefusal } from "../auth/restriction";
import { accounts, balanceOf } from "../ledger/ledger";
import { notClearedYet } from "./clearing-proceeds";
import { isManagedAccount, requirePayoutsEnabled } from "./payout-account";
import { payoutCardLabel, payoutCardsOf } from "./payout-cards";
import { presentPayout } from "./payout-history";
import { type PayoutRequest, type PayoutRow, reservePayout, sendPayout } from "./send-payout";

/** Where a standard payout lands: the default payout card if there is one, otherwise the account's bank. */
export async function standardDestination(deps: AppDeps, accountId: string): Promise<string | null> {
  const card = (await payoutCardsOf(deps, accountId)).find((c) => c.isDefault);
  return card ? payoutCardLabel(card) : null;
}

/**
 * Reserves the payout of the player's whole balance (step 1), in one transaction: the balance is read under the
 * same lock the ledger takes, so two at once cannot both take it. Null when there is nothing to pay out, or when
 * the automatic payout of that day was made already.
 */
export async function reserveWholeBalance(
  deps: AppDeps,
  request: Omit<PayoutRequest, "amountCents" | "feeCents" | "method" | "currency" | "provider">,
): Promise<PayoutRow | null> {
  return deps.db.transaction(async (tx) => {
    const earnings = accounts.earnings(request.userId);
    // Lock order (see deleteAccount): the player's row, then the earnings. The payout's insert takes this key-share
    // lock anyway; taking it before the earnings keeps a deletion at the same moment from deadlocking with it.
    const [player] = await tx
      .select({ frozen: users.payoutsFrozenReason, restricted: users.restrictedReason })
      .from(users)
      .where(eq(users.id, request.userId))
      .for("key share");
    // A freeze made after the payee was chosen still stops the payout: automatic ones quietly, a player's with why.
    if (player?.frozen) {
      if (request.automatic) return null;
      throw frozenRefusal("payouts", player.frozen);
    }
    // So does a restriction (a lost dispute, a fraud warning), until an operator lifts it.
    if (player?.restricted) {
      if (request.automatic) return null;
      throw restrictedRefusal("payouts", player.restricted);
    }
    await lockKey(tx, `ledger:${earnings}`);
    const balance = await balanceOf(tx, earnings);
    if (balance <= 0) return null;
    return reservePayout(tx, {
      ...request,
      provider: deps.gateway.kind,
      amountCents: balance,
      feeCents: 0,
      currency: CURRENCY,
      method: "standard",
    });
  });
}

/** POST users/manual-payout: the whole available balance, as a standard payout (pending, then paid). */
export async function manualPayout(
  deps: AppDeps,
  userId: string,
): Promise<{ message: string; payout: PayoutHistoryItem }> {
  await assertNotFrozen(deps.db, userId, "payouts");
  await assertNotRestricted(deps.db, userId, "payouts");
  const accountId = await requirePayoutsEnabled(deps.db, userId);
  const destinationLabel = await standardDestination(deps, accountId);
  const reserved = await reserveWholeBalance(deps, {
    userId,
    accountId,
    automatic: false,
    destination: null,
    destinationLabel,
  });
  if (!reserved) throw await notClearedYet(deps.db, userId, serverMessages.nothingToPayOut);
  const sent = await sendPayout(deps, reserved.id);
  const message = destinationLabel
    ? serverMessages.payoutRequestedTo(destinationLabel)
    : serverMessages.payoutRequested;
  return { message, payout: presentPayout(sent) };
}

/**
 * POST users/instant-payout-card: `amount` cents leave the balance; the 1.00 fee stays with the platform and the
 * rest goes to the payout card at once. The checks run in a fixed order: a default payout card, a connected
 * account, a balance above 0 (docs/decisions/0007-instant-payout-checks.md).
 */
export async function instantPayout(
  deps: AppDeps,
  userId: string,
  body: InstantPayoutBody,
): Promise<{ message: string; payout: PayoutHistoryItem }> {
  await assertNotFrozen(deps.db, userId, "payouts");
  await assertNotRestricted(deps.db, userId, "payouts");
  const user = await findActiveUser(deps.db, userId);
  // 1. A default payout card (or the one asked for). No payout account yet (or only an old one, no longer used)
  // means no cards either.
  const cards: GatewayExternalAccount[] =
    user.stripeConnAccId && isManagedAccount(user) ? await payoutCardsOf(deps, user.stripeConnAccId) : [];
  const card = body.cardId ? cards.find((c) => c.id === body.cardId) : cards.find((c) => c.isDefault);
  if (body.cardId && !card) throw new AppError("NOT_FOUND", serverMessages.noSuchPayoutCard);
  if (!card) throw new AppError("BAD_REQUEST", errors.noDefaultPayoutCard);
  // 2. A connected account whose payouts Stripe is not holding.
  const accountId = await requirePayoutsEnabled(deps.db, userId);
  // Stripe takes an instant payout only to a card whose available payout methods include it.
  if (!card.availablePayoutMethods.includes("instant")) {
    throw new AppError("BAD_REQUEST", serverMessages.instantPayoutUnavailable(payoutCardLabel(card)));
  }
  // 3. A balance above 0, and enough of it.
  const balance = await balanceOf(deps.db, accounts.earnings(userId));
  if (balance <= 0) throw await notClearedYet(deps.db, userId, errors.insufficientInstantBalance);
  if (body.amount <= INSTANT_PAYOUT_FEE_CENTS) {
    throw new AppError("BAD_REQUEST", serverMessages.instantPayoutTooSmall);
  }
  if (body.amount > balance) throw await notClearedYet(deps.db, userId, errors.insufficientInstantBalance);

  let reserved: PayoutRow | null;
  try {
    reserved = await deps.db.transaction(async (tx) => {
      // Read again with the payout: a restriction made since the check above still stops it.
      await assertNotRestricted(tx, userId, "payouts");
      return reservePayout(tx, {
        userId,
        accountId,
        provider: deps.gateway.kind,
        amountCents: body.amount,
        feeCents: INSTANT_PAYOUT_FEE_CENTS,
        currency: body.currency,
        method: "instant",
        automatic: false,
        destination: card.id,
        destinationLabel: payoutCardLabel(card),
      });
    });
  } catch (error) {
    // Another payout took the balance first: the ledger refused to go below zero.
    if (error instanceof AppError && error.code === "INSUFFICIENT_BALANCE") {
      throw new AppError("INSUFFICIENT_BALANCE", errors.insufficientInstantBalance);
    }
    throw error;
  }
  if (!reserved) throw new Error("instant payout was not reserved");
  const sent = await sendPayout(deps, reserved.id);
  if (sent.state === "failed") {
    throw new AppError("CARD_ERROR", sent.failureMessage ?? "The payout failed.");
  }
  return { message: serverMessages.payoutCompleted, payout: presentPayout(sent) };
}
