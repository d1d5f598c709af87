import { lockKey } from "@mx/kit/locks";
import { newId } from "@mx/kit/secrets";
import { queryRows } from "@mx/kit/sql";
import { GatewayRequestError } from "@mx/processors/gateway";
import { PAYOUT_ITEM_UNPAID, PaypalError, type PaypalPayout } from "@mx/processors/paypal-api";
import { CURRENCY, DELETION_REFUND_FEE_CENTS } from "@mx/shared/constants";
import { formatCents } from "@mx/shared/money";
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { paymentCustomers } from "../../db/schema/payments";
import { accountRefunds } from "../../db/schema/payouts";
import type { AppDeps } from "../../deps";
import { defaultCard } from "../cards/cards";
import { accounts, balanceOf, type Entry, postJournal } from "../ledger/ledger";
import { type MoneyOut, sendMoneyOut } from "../money/operation";
import { isPaypalIntent, orderIdOf, paypalApiOf } from "../payments/paypal-gateway";
import { reservePayout, sendPayout } from "./send-payout";

/** An account refund sent to the payer's PayPal account, not to a card (its provider column). */
const PAYPAL = "paypal";

/** What is still to be sent once the deletion has committed: a refund (to a card or PayPal), or a payout. */
export type DeletionRefund =
  | { kind: "refund"; refundId: string }
  | { kind: "payout"; payoutId: string }
  | null;

type RefundRow = typeof accountRefunds.$inferSelect;

function refundEntries(row: Pick<RefundRow, "userId" | "amountCents" | "feeCents" | "netCents">): Entry[] {
  return [
    { account: accounts.earnings(row.userId), amountCents: -row.amountCents },
    { account: accounts.refunds, amountCents: row.netCents },
    { account: accounts.platformFees, amountCents: row.feeCents },
  ];
}

/**
 * A refund of the balance less the fee, requested (account_refunds) and journalled ("account_refund": earnings
 * −balance, refunds +net, platform fees +fee); `to` names where it goes in the journal's memo.
 */
async function reserveRefund(
  tx: Tx,
  refund: Pick<RefundRow, "userId" | "provider" | "customerId" | "paymentMethodId"> & {
    balance: number;
    to: string;
  },
): Promise<DeletionRefund> {
  const fee = DELETION_REFUND_FEE_CENTS;
  const [row] = await tx
    .insert(accountRefunds)
    .values({
      id: newId(),
      userId: refund.userId,
      provider: refund.provider,
      customerId: refund.customerId,
      paymentMethodId: refund.paymentMethodId,
      amountCents: refund.balance,
      feeCents: fee,
      netCents: refund.balance - fee,
      currency: CURRENCY,
      state: "requested",
    })
    .returning();
  if (!row) throw new Error("insert returned nothing");
  await postJournal(tx, {
    kind: "account_refund",
    reference: row.id,
    memo: `deleted account: ${formatCents(row.netCents)} back to ${refund.to}`,
    entries: refundEntries(row),
  });
  return { kind: "refund", refundId: row.id };
}

/**
 * Step 1, inside the account deletion's transaction (before the player's details are erased): the remaining
 * earnings leave the balance, minus the processing fee (DELETION_REFUND_FEE_CENTS, what sending money to a card
 * costs), bound for
 *   - the default buying card (journal "account_refund": earnings −balance, refunds +net, platform fees +fee); or,
 *     with no card, the PayPal account the player last paid with (a PayPal payout, the same journal); or, with
 *     neither, the player's connected payout account (a standard payout with the same fee);
 *   - nowhere, when the balance does not exceed the fee: the fee takes it (journal "account_forfeit").
 * With neither a card nor a payout account the balance stays on the ledger, owed to the deleted player, and is
 * logged for an operator to settle. Nothing here calls the processor.
 */
export async function reserveDeletionRefund(
  tx: Tx,
  deps: Pick<AppDeps, "gateway" | "log">,
  user: { id: string; stripeConnAccId: string | null; isStripeIntegrated: boolean },
  /** What a forfeit is posted under: the deletion's own (the player), or a later release's (its clearance). */
  forfeitReference: string = user.id,
): Promise<DeletionRefund> {
  const earnings = accounts.earnings(user.id);
  await lockKey(tx, `ledger:${earnings}`);
  const balance = await balanceOf(tx, earnings);
  if (balance <= 0) return null;
  const fee = DELETION_REFUND_FEE_CENTS;
  if (balance <= fee) {
    await postJournal(tx, {
      kind: "account_forfeit",
      reference: forfeitReference,
      memo: `deleted account: ${formatCents(balance)} does not cover the refund fee`,
      entries: [
        { account: earnings, amountCents: -balance },
        { account: accounts.platformFees, amountCents: balance },
      ],
    });
    return null;
  }

  const card = await defaultCard(tx, user.id);
  const [customer] = await tx.select().from(paymentCustomers).where(eq(paymentCustomers.userId, user.id));
  if (card && customer) {
    return reserveRefund(tx, {
      userId: user.id,
      provider: deps.gateway.kind,
      customerId: customer.customerId,
      paymentMethodId: card.id,
      balance,
      to: "the default card",
    });
  }

  const paypalOrder = paypalApiOf(deps.gateway) ? await lastPaypalPayment(tx, user.id) : null;
  if (paypalOrder) {
    // The payer's account is read from the order when the refund is sent: nothing here calls PayPal.
    return reserveRefund(tx, {
      userId: user.id,
      provider: PAYPAL,
      customerId: PAYPAL,
      paymentMethodId: paypalOrder,
      balance,
      to: "PayPal",
    });
  }

  if (user.isStripeIntegrated && user.stripeConnAccId) {
    const payout = await reservePayout(tx, {
      userId: user.id,
      accountId: user.stripeConnAccId,
      provider: deps.gateway.kind,
      amountCents: balance,
      feeCents: fee,
      currency: CURRENCY,
      method: "standard",
      automatic: false,
      destination: null,
      destinationLabel: null,
    });
    if (!payout) throw new Error("deletion payout was not reserved");
    return { kind: "payout", payoutId: payout.id };
  }

  deps.log?.error(
    { userId: user.id, balanceCents: balance },
    "a deleted account has earnings but neither a card nor a payout account: it stays owed on the ledger",
  );
  return null;
}

/** The PayPal payment (our id, `paypal_…`) of the player's newest building bought or bid won with PayPal, if any. */
async function lastPaypalPayment(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select id from (
      select payment_intent_id as id, created_at from purchases
        where user_id = ${userId} and status = 'completed' and payment_intent_id like 'paypal%'
      union all
      select payment_intent_id, created_at from bids
        where bidder_id = ${userId} and status = 'accepted' and payment_intent_id like 'paypal%'
    ) paid order by created_at desc limit 1`,
  );
  return row && isPaypalIntent(row.id) ? row.id : null;
}

/**
 * Sends a refund to the PayPal account that paid for the order it names: PayPal says who approved the order, and a
 * payout of the net goes there, its sender_batch_id the refund's key. Returns PayPal's payout.
 */
async function sendToPaypal(deps: AppDeps, row: RefundRow): Promise<PaypalPayout> {
  const paypal = paypalApiOf(deps.gateway);
  if (!paypal)
    throw new GatewayRequestError("paypal_unavailable", "PayPal is not configured on this server", 503);
  const order = await paypal.getOrder(orderIdOf(row.paymentMethodId));
  if (!order.payer) throw new PaypalError("PAYER_UNKNOWN", "PayPal names no payer for the order", 422);
  const payout = await paypal.sendPayout({
    receiver: order.payer.id,
    amountCents: row.netCents,
    currency: row.currency,
    senderBatchId: `account-refund:${row.id}`,
    note: `Your Manhattan Exchange earnings of ${formatCents(row.netCents)}, sent as your account was deleted.`,
  });
  if (payout.status === "DENIED" || payout.status === "CANCELED") {
    throw new PaypalError(`PAYOUT_${payout.status}`, `PayPal ${payout.status.toLowerCase()} the payout`, 422);
  }
  if (payout.itemStatus && PAYOUT_ITEM_UNPAID.has(payout.itemStatus)) throw unpaid(payout);
  return payout;
}

/** PayPal's payout did not reach the receiver, or came back: in PayPal's word for it. */
function unpaid(payout: PaypalPayout): PaypalError {
  const status = payout.itemStatus ?? payout.status;
  return new PaypalError(`PAYOUT_${status}`, `PayPal's payout ${payout.id} was ${status.toLowerCase()}`, 422);
}

/**
 * A deleted account's refund as money out (money/operation.ts): the processor credits the card (or PayPal pays the
 * payer) under `account-refund:<id>`, then the refund is recorded sent. A refusal marks it failed and puts the money
 * back on the (deleted) player's earnings (journal "account_refund_reversal", once), for an operator to settle.
 */
function deletionRefundOperation(
  deps: AppDeps,
): MoneyOut<RefundRow, { id: string; itemStatus: string | null }> {
  return {
    name: "deletion",
    reserved: (row) => row.state === "requested",
    async send(row) {
      if (row.provider === PAYPAL) return sendToPaypal(deps, row);
      const credit = await deps.gateway.creditCard({
        customerId: row.customerId,
        paymentMethodId: row.paymentMethodId,
        amountCents: row.netCents,
        currency: row.currency,
        reference: row.id,
        idempotencyKey: `account-refund:${row.id}`,
      });
      return { id: credit.id, itemStatus: null };
    },
    async record(row, sent) {
      await deps.db
        .update(accountRefunds)
        .set({
          state: "refunded",
          providerCreditId: sent.id,
          providerStatus: sent.itemStatus,
          updatedAt: new Date(),
        })
        .where(and(eq(accountRefunds.id, row.id), eq(accountRefunds.state, "requested")));
    },
    fail: async (row, refusal) => {
      await failRefund(deps, row, "requested", refusal);
    },
  };
}

/**
 * Steps 2 and 3 of a refund, outside any transaction. An unreachable processor leaves it `requested` for
 * `settlePayouts` to retry. Never throws: the account is deleted either way.
 */
export async function sendDeletionRefund(deps: AppDeps, refundId: string): Promise<void> {
  const [row] = await deps.db.select().from(accountRefunds).where(eq(accountRefunds.id, refundId));
  if (!row) return;
  try {
    await sendMoneyOut(deletionRefundOperation(deps), row);
  } catch (error) {
    deps.log?.warn({ err: error, refundId }, "deletion refund not confirmed; it will be retried");
    await deps.db
      .update(accountRefunds)
      .set({ updatedAt: new Date() })
      .where(and(eq(accountRefunds.id, row.id), eq(accountRefunds.state, "requested")));
  }
}

/**
 * A refund that did not reach the player (refused when sent, or a PayPal payout that came back): failed, and the
 * money put back on the deleted player's earnings (journal "account_refund_reversal", once), for an operator to
 * settle. Only from the state given, so two at once reverse it once; true when this call failed it.
 */
async function failRefund(
  deps: AppDeps,
  row: RefundRow,
  from: "requested" | "refunded",
  error: Error,
  providerStatus: string | null = null,
): Promise<boolean> {
  const failed = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(accountRefunds)
      .where(eq(accountRefunds.id, row.id))
      .for("update");
    if (current?.state !== from) return false;
    await tx
      .update(accountRefunds)
      .set({
        state: "failed",
        failureMessage: error.message,
        providerStatus,
        updatedAt: new Date(),
      })
      .where(eq(accountRefunds.id, row.id));
    await postJournal(tx, {
      kind: "account_refund_reversal",
      reference: row.id,
      memo: `deletion refund ${from === "requested" ? "refused" : "came back"}: ${error.message}`,
      entries: refundEntries(row).map((e) => ({ ...e, amountCents: -e.amountCents })),
    });
    return true;
  });
  if (failed) {
    deps.log?.error(
      { err: error, refundId: row.id, userId: row.userId, amountCents: row.amountCents },
      `deletion refund ${from === "requested" ? "refused" : "came back"}: the balance is owed to the deleted player again`,
    );
  }
  return failed;
}

/** How often a PayPal refund's payout is read again until PayPal calls it final. */
export const PAYPAL_REFUND_RECHECK_MS = 10 * 60_000;

/**
 * Reads a refund sent as a PayPal payout again, until its item is final: SUCCESS settles it; an item that did not
 * reach the player or came back (an unclaimed payout is returned after 30 days) fails the refund and owes the
 * money to the deleted player again. True when this call changed its state or status. Throws while PayPal cannot
 * be reached. `evenIfSettled`: read one PayPal called SUCCESS as well (PayPal's webhook says it changed since).
 */
export async function settlePaypalRefund(
  deps: AppDeps,
  refundId: string,
  { evenIfSettled = false } = {},
): Promise<boolean> {
  const [row] = await deps.db.select().from(accountRefunds).where(eq(accountRefunds.id, refundId));
  if (row?.provider !== PAYPAL || row.state !== "refunded" || !row.providerCreditId) return false;
  if (row.providerStatus === "SUCCESS" && !evenIfSettled) return false;
  const paypal = paypalApiOf(deps.gateway);
  if (!paypal) return false;
  const payout = await paypal.getPayout(row.providerCreditId);
  if (payout.itemStatus && PAYOUT_ITEM_UNPAID.has(payout.itemStatus)) {
    return failRefund(deps, row, "refunded", unpaid(payout), payout.itemStatus);
  }
  // Read again later whatever it says, so a refund PayPal keeps pending is not read on every look.
  await deps.db
    .update(accountRefunds)
    .set({ providerStatus: payout.itemStatus, updatedAt: new Date() })
    .where(and(eq(accountRefunds.id, row.id), eq(accountRefunds.state, "refunded")));
  return payout.itemStatus !== row.providerStatus;
}

/** Step 2, whichever way the refund goes; never throws (the deletion has committed). */
export async function completeDeletionRefund(deps: AppDeps, refund: DeletionRefund): Promise<void> {
  if (!refund) return;
  if (refund.kind === "refund") {
    await sendDeletionRefund(deps, refund.refundId).catch((error: unknown) => {
      deps.log?.error({ err: error, refundId: refund.refundId }, "deletion refund not sent yet");
    });
    return;
  }
  await sendPayout(deps, refund.payoutId).catch((error: unknown) => {
    deps.log?.warn({ err: error, payoutId: refund.payoutId }, "deletion payout not sent yet");
  });
}
