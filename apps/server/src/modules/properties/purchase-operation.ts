import type { GatewayIntent } from "@mx/processors/gateway";
import { and, eq, inArray } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { purchases } from "../../db/schema/purchases";
import type { AppDeps } from "../../deps";
import { countBatches } from "../../lib/batch-counts";
import { playerDeleted } from "../buildings/lock-buildings";
import { ensureCustomer } from "../cards/cards";
import { cancelIntent, chargeAsDescribed, findIntent } from "../money/intents";
import type { Resumable } from "../money/operation";
import { gatherFor, noteIntents, type Together, together } from "../money/together";
import { releasePurchaseCredits } from "../offerwall/credits";
import { holdForPlayer } from "../payments/waiting-payments";
import { type Order, reservePurchases } from "./reserve-purchases";
import {
  type Bought,
  boughtOf,
  chargeOf,
  type PurchaseRow,
  purchaseCharge,
  purchaseChargeKey,
  purchaseRefundKey,
} from "./settle-purchase";
import { settlePurchases } from "./settle-purchases";

/*
 * A purchase of an unowned building as a money operation (money/operation.ts): how each of its steps is done,
 * batched with the purchases of the same moment (`together`): reserved by reserve-purchases.ts, settled by
 * settle-purchases.ts. The request (buy-property.ts), recovery (recover-purchase.ts) and the processor's webhook
 * (finish-purchase-payment.ts) all go through here.
 */

export const PAYMENT_PROCESSING =
  "Your payment is still being processed. The building is held for you and becomes yours once the payment clears; if it does not, nothing is charged.";

const steps = new WeakMap<AppDeps, Together<Order, PurchaseRow, Bought>>();

/** The purchase's batched steps for this app. */
function stepsOf(deps: AppDeps): Together<Order, PurchaseRow, Bought> {
  let found = steps.get(deps);
  if (!found) {
    found = together<Order, PurchaseRow, Bought>(
      {
        reserveMany: (orders) => reservePurchases(deps, purchaseOperation(deps), orders),
        noteMany: (items) => noteMany(deps, items),
        settleMany: (items) => settlePurchases(deps, items),
      },
      // Where charging takes no time (a processor in this process), one batch at a time, held until its purchases
      // are done, makes the largest batches and so the fewest statements (measured over HTTP when this was chosen:
      // ~16 purchases a batch and 900/s, against ~6 and 725/s when a batch ends with its reservations; the market
      // bench now gives batches of 17–32 and 1,200–1,400/s). A processor across the network
      // takes hundreds of milliseconds per charge: there batches overlap so that none waits for another. The
      // configuration says which (PURCHASE_BATCH_RUNNING, PURCHASE_BATCH_UNTIL_DONE). Requests over HTTP arrive a
      // little apart: while others are in flight, a batch waits a moment for them (PURCHASE_BATCH_WAIT_MS).
      {
        maxSize: 100,
        maxRunning: deps.config.batching.purchaseRunning,
        untilDone: deps.config.batching.purchaseUntilDone,
        gather: gatherFor(deps, deps.config.batching.purchaseWaitMs),
      },
    );
    countBatches(deps, "purchase", found.stats);
    steps.set(deps, found);
  }
  return found;
}

/** Step 1 for one order: its committed pending row, or why it was refused (nothing then moved). */
export const reservePurchase = (deps: AppDeps, order: Order) => stepsOf(deps).reserve(order);

/** `note` for many: each intent noted on its row while it is still pending, in one statement. */
const noteMany = (deps: AppDeps, items: { row: PurchaseRow; intent: GatewayIntent }[]) =>
  noteIntents(deps.db, { name: "purchases", state: "status", open: "pending" }, items);

/** Sets a purchase's status from one of `from`, with what else is given; whether it did. */
async function setStatus(
  q: Queryable,
  row: PurchaseRow,
  from: PurchaseRow["status"][],
  status: PurchaseRow["status"],
  set: Partial<typeof purchases.$inferInsert> = {},
): Promise<boolean> {
  const done = await q
    .update(purchases)
    .set({ status, updatedAt: new Date(), ...set })
    .where(and(eq(purchases.id, row.id), inArray(purchases.status, from)))
    .returning({ id: purchases.id });
  return done.length > 0;
}

/** The purchase's money operation: how each of its steps is done (money/operation.ts decides when). */
export function purchaseOperation(deps: AppDeps): Resumable<PurchaseRow, Bought> {
  const { db, gateway } = deps;
  return {
    name: "purchase",
    // Its settling statement writes payment_intent_id, and beginRefund does when it is refunded instead.
    settleNamesIntent: true,
    gateway,
    db,
    words: {
      processing: PAYMENT_PROCESSING,
      notCompleted: "The purchase could not be completed; your card has been refunded.",
    },
    chargeKey: (row) => purchaseChargeKey(row.id),
    refundKey: (row) => purchaseRefundKey(row.id),
    chargeCents: chargeOf,
    phase: (row) => (row.status === "pending" ? "reserved" : row.status === "refunding" ? "refunding" : null),
    intentId: (row) => row.paymentIntentId,
    charge: async (row) =>
      chargeAsDescribed(
        gateway,
        row.customerId ?? (await ensureCustomer(deps, row.userId)),
        purchaseCharge(row),
      ),
    async note(row, intent) {
      if (row.paymentIntentId === intent.id) return;
      await stepsOf(deps).note(row, intent);
    },
    async awaitPlayer(row, intent) {
      // The bank (or PayPal) wants the buyer: the building stays held by the pending purchase while they confirm,
      // for a few minutes, and only while the buyer has few such payments waiting.
      row.paymentIntentId = intent.id;
      return holdForPlayer(deps, { kind: "purchase", id: row.id, userId: row.userId, intentId: intent.id });
    },
    settle: (row, intent) => stepsOf(deps).settle(row, intent),
    async settled(row) {
      const [now] = await db.select().from(purchases).where(eq(purchases.id, row.id));
      return now?.status === "completed" ? boughtOf(deps, now) : null;
    },
    // The credits a purchase held go back in the same transaction that ends it.
    release: (row, failure) =>
      db.transaction(async (tx) => {
        // The intent it waited on, if any, stays named, so that its cancellation can be traced.
        const intent = row.paymentIntentId ? { paymentIntentId: row.paymentIntentId } : {};
        if (!(await setStatus(tx, row, ["pending"], "failed", { failure, awaitingUntil: null, ...intent }))) {
          return false;
        }
        await releasePurchaseCredits(tx, row.id);
        return true;
      }),
    // The building is free again once its purchase is no longer pending.
    beginRefund: (row, failure, intentId) =>
      setStatus(db, row, ["pending", "refunding"], "refunding", {
        failure,
        awaitingUntil: null,
        ...(intentId ? { paymentIntentId: intentId } : {}),
      }),
    endRefund: (row, failure) =>
      db.transaction(async (tx) => {
        if (await setStatus(tx, row, ["refunding"], "refunded", { failure })) {
          await releasePurchaseCredits(tx, row.id);
        }
      }),
    finished: (row) => steps.get(deps)?.finish(row),
    // Found by the id it noted; else, unless credits pay it all (then nothing was asked of the processor), by the
    // charge its row records. An intent that is not this purchase's is never taken for it.
    async find(row) {
      const intent =
        row.paymentIntentId || chargeOf(row) > 0
          ? await findIntent(gateway, row.paymentIntentId, () => purchaseCharge(row))
          : null;
      if (intent && (intent.metadata.purchaseId !== row.id || intent.amountCents !== chargeOf(row))) {
        throw new Error(`payment intent ${intent.id} does not belong to purchase ${row.id}`);
      }
      return intent;
    },
    cancel: (intent) =>
      cancelIntent(gateway, intent, purchaseChargeKey(intent.metadata.purchaseId ?? intent.id)),
    playerGone: (row) => playerDeleted(db, row.userId),
  };
}
