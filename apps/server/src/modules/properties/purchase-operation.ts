import { failed, type Outcome, succeeded } from "@mx/kit/batcher";
import { AppError } from "@mx/kit/errors";
import { queryRows } from "@mx/kit/sql";
import type { GatewayIntent } from "@mx/processors/gateway";
import { FEE_AND_TAX_CENTS } from "@mx/shared/constants";
import { errors } from "@mx/shared/messages";
import { formatCents } from "@mx/shared/money";
import { isUuid } from "@mx/shared/uuid";
import { and, eq, inArray, lt, lte, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { properties } from "../../db/schema/buildings";
import { purchases } from "../../db/schema/purchases";
import type { AppDeps } from "../../deps";
import { playerDeleted } from "../buildings/lock-buildings";
import { ensureCustomer } from "../cards/cards";
import {
  cancelIntent,
  chargeAsDescribed,
  findIntent,
  finishFromNotice,
  noteIntents,
  type Recovery,
  type Resumable,
  recoverOperation,
  type Together,
  together,
} from "../money/operation";
import { holdPurchaseCredits, releasePurchaseCredits } from "../offerwall/credits";
import { PAYPAL_METHOD } from "../payments/paypal-gateway";
import { holdForPlayer, WAITING_PAYMENT_MS } from "../payments/waiting-payments";
import {
  announce,
  type Bought,
  boughtOf,
  chargeOf,
  ownTogether,
  type PurchaseRow,
  purchaseCharge,
  purchaseChargeKey,
  purchaseRefundKey,
} from "./settle-purchase";

/*
 * A purchase of an unowned building as a money operation (money/operation.ts): its steps, batched with the
 * purchases of the same moment (`together`), and its recovery. The request (buy-property.ts), recovery
 * (reconcile-purchases.ts) and the processor's webhook all go through here.
 */

export const PAYMENT_PROCESSING =
  "Your payment is still being processed. The building is held for you and becomes yours once the payment clears; if it does not, nothing is charged.";

/**
 * One purchase asked for. Its id, and so its processor keys (`purchase:<id>`, `purchase-refund:<id>`), are fixed
 * here, before any batch runs: a batch run again (after a throw) reuses them, so the processor can never be asked
 * twice for one purchase under two keys.
 */
export type Order = {
  purchaseId: string;
  userId: string;
  /** The building id or property id asked for. */
  key: string;
  priceCents: number;
  paymentMethodId: string | null;
  /** Offer-wall credits to spend (cents); the card is charged total − credits. */
  creditsCents: number;
};

const steps = new WeakMap<AppDeps, Together<Order, PurchaseRow, Bought>>();

/** The purchase's batched steps for this app. */
function stepsOf(deps: AppDeps): Together<Order, PurchaseRow, Bought> {
  let found = steps.get(deps);
  if (!found) {
    found = together<Order, PurchaseRow, Bought>(
      {
        reserveMany: (orders) => reserveMany(deps, orders),
        noteMany: (items) => noteMany(deps, items),
        settleMany: (items) => settleMany(deps, items),
      },
      // Where charging takes no time (a processor in this process), one batch at a time, held until its purchases
      // are done, makes the largest batches and so the fewest statements (measured over HTTP: ~16 purchases a batch
      // and 900/s, against ~6 and 725/s when a batch ends with its reservations). A processor across the network
      // takes hundreds of milliseconds per charge: there batches overlap so that none waits for another. The
      // configuration says which (PURCHASE_BATCH_RUNNING, PURCHASE_BATCH_UNTIL_DONE).
      {
        maxSize: 100,
        maxRunning: deps.config.batching.purchaseRunning,
        untilDone: deps.config.batching.purchaseUntilDone,
      },
    );
    steps.set(deps, found);
  }
  return found;
}

/** Step 1 for one order: its committed pending row, or why it was refused (nothing then moved). */
export const reservePurchase = (deps: AppDeps, order: Order) => stepsOf(deps).reserve(order);

/** How many purchase batches this app has reserved, and how many purchases they held (for the bench). */
export function purchaseBatchStats(deps: AppDeps): { batches: number; items: number } {
  return steps.get(deps)?.stats().reserve ?? { batches: 0, items: 0 };
}

type Reservation = {
  i: number;
  building_id: string | null;
  base_price_cents: number | null;
  card_id: string | null;
  customer_id: string | null;
  reserved: boolean;
};

/**
 * Step 1 for the orders of one moment, in one statement (and, when credits are spent, one transaction with their
 * holds). The row locks (FOR UPDATE, in building order) make it read each building as it is now, after any
 * purchase that just completed; the partial unique index lets only one purchase of a building be pending, and ON
 * CONFLICT DO NOTHING turns a second one (from another batch or this one) into no row.
 */
async function reserveMany(deps: AppDeps, orders: Order[]): Promise<Outcome<PurchaseRow>[]> {
  const outcomes: Outcome<PurchaseRow>[] = orders.map(() => failed(new Error("purchase not reserved")));
  // Each statement below finds its rows by "= any(array(select …))": the planner then reads them by index, where
  // a join with a JSON row set (which it guesses at 100 rows) would read whole tables.
  const requests = orders.map((o, i) => ({
    i,
    purchase_id: o.purchaseId,
    user_id: o.userId,
    key: o.key,
    key_uuid: isUuid(o.key) ? o.key : null,
    price_cents: o.priceCents,
    payment_method_id: o.paymentMethodId,
    credits_cents: o.creditsCents,
  }));
  // A building held for a buyer whose approval has lapsed is let go first, so that it can be bought now.
  await endLapsedHolds(
    deps,
    orders.map((o) => o.key),
  );
  const reserve = (q: Queryable) =>
    queryRows<Reservation>(
      q,
      sql`
    with r as (
      select * from json_to_recordset(${JSON.stringify(requests)}::json) as r(i integer, purchase_id uuid,
        user_id uuid, key text, key_uuid uuid, price_cents integer, payment_method_id text, credits_cents integer)),
    target as (
      select r.*, b.id as building_id, b.base_price_cents,
        -- PayPal in place of a card, where it is offered.
        case when r.payment_method_id = ${deps.gateway.paypal ? PAYPAL_METHOD : null}::text then r.payment_method_id
        else (select c.id from payment_cards c where c.user_id = r.user_id
           and case when r.payment_method_id is null then c.is_default else c.id = r.payment_method_id end
         limit 1) end as card_id,
        (select pc.customer_id from payment_customers pc where pc.user_id = r.user_id) as customer_id
      from r
      left join lateral (
        select p.building_id from properties p where p.building_id = r.key
        union all
        select p.building_id from properties p where p.id = r.key_uuid
        limit 1) k on true
      left join buildings b on b.id = k.building_id),
    free as (
      select p.building_id from properties p
      where p.building_id = any(array(select building_id from target
                                      where price_cents >= base_price_cents
                                        and (card_id is not null or credits_cents >= price_cents + ${FEE_AND_TAX_CENTS}::integer)))
        and p.owner_id is null and not p.for_sale
      order by p.building_id
      for update of p),
    reserved as (
      insert into purchases (id, user_id, building_id, price_cents, total_cents, status, payment_method_id)
      select t.purchase_id, t.user_id, t.building_id, t.price_cents, t.price_cents + ${FEE_AND_TAX_CENTS}::integer, 'pending',
        -- What the charge is made with, so that recovery can rebuild it; nothing when credits pay it all.
        case when t.credits_cents < t.price_cents + ${FEE_AND_TAX_CENTS}::integer then t.card_id end
      from target t join free f on f.building_id = t.building_id
      order by t.i
      on conflict do nothing
      returning id)
    select t.i, t.building_id, t.base_price_cents, t.card_id, t.customer_id,
      exists (select 1 from reserved where reserved.id = t.purchase_id)
        -- A batch run again finds the purchases its first run reserved.
        or exists (select 1 from purchases p where p.id = t.purchase_id and p.status = 'pending') as reserved
    from target t order by t.i`,
    );
  // Credits are held in the transaction that writes the purchases, so a purchase never exists without its hold and
  // two purchases at once cannot spend the same credits (see holdPurchaseCredits). A refused hold rolls back
  // nothing else: that purchase is released below, its building free again.
  let refusedCredits = new Map<string, AppError>();
  const rows = orders.some((o) => o.creditsCents > 0)
    ? await deps.db.transaction(async (tx) => {
        const reservedRows = await reserve(tx);
        refusedCredits = await holdPurchaseCredits(
          tx,
          deps.config.offerwall.creditHoldHours,
          reservedRows
            .filter((row) => row.reserved && (orders[row.i]?.creditsCents ?? 0) > 0)
            .map((row) => {
              const order = orders[row.i] as Order;
              return { purchaseId: order.purchaseId, userId: order.userId, creditsCents: order.creditsCents };
            }),
        );
        return reservedRows;
      })
    : await reserve(deps.db);

  const now = new Date();
  for (const row of rows) {
    const order = orders[row.i] as Order;
    try {
      if (!row.building_id || row.base_price_cents === null) {
        throw new AppError("NOT_FOUND", `No building with id ${order.key}.`);
      }
      if (order.priceCents < row.base_price_cents) {
        throw new AppError(
          "BAD_REQUEST",
          `bidAmount: must be at least the base price of ${formatCents(row.base_price_cents)}`,
        );
      }
      const totalCents = order.priceCents + FEE_AND_TAX_CENTS;
      const creditsPayAll = order.creditsCents >= totalCents;
      if (!row.card_id && !creditsPayAll) {
        throw order.paymentMethodId
          ? new AppError("NOT_FOUND", "No such payment method.")
          : new AppError("BAD_REQUEST", errors.addCardFirst);
      }
      if (!row.reserved) throw await whyNotReserved(deps, order.userId, row.building_id);
      const refused = refusedCredits.get(order.purchaseId);
      if (refused) throw refused;
      outcomes[row.i] = succeeded({
        id: order.purchaseId,
        userId: order.userId,
        buildingId: row.building_id,
        priceCents: order.priceCents,
        totalCents,
        creditsCents: order.creditsCents,
        status: "pending",
        paymentIntentId: null,
        paymentMethodId: creditsPayAll ? null : row.card_id,
        failure: null,
        awaitingUntil: null,
        createdAt: now,
        updatedAt: now,
        customerId: row.customer_id,
      });
    } catch (error) {
      outcomes[row.i] = failed(error);
    }
  }
  return outcomes;
}

/** Why a purchase that passed every check could not be reserved: the building's state now. */
async function whyNotReserved(deps: AppDeps, userId: string, buildingId: string): Promise<AppError> {
  const [now] = await deps.db
    .select({ ownerId: properties.ownerId, forSale: properties.forSale })
    .from(properties)
    .where(eq(properties.buildingId, buildingId));
  if (now?.ownerId === userId) return new AppError("CONFLICT", "You already own this building.");
  if (now?.forSale) return new AppError("CONFLICT", "This building is for sale: place a bid instead.");
  if (now && now.ownerId === null)
    return new AppError("CONFLICT", "Someone else is buying this building right now.");
  return new AppError("CONFLICT", "This building already has an owner.");
}

/** `note` for many: each intent noted on its row while it is still pending, in one statement. */
const noteMany = (deps: AppDeps, items: { row: PurchaseRow; intent: GatewayIntent }[]) =>
  noteIntents(deps.db, { name: "purchases", state: "status", open: "pending" }, items);

/**
 * Step 3 for many paid purchases: ownership and the journals of all of them in one statement (ownTogether), then
 * the sales announced. A purchase whose building could not be given gets its refusal, and its money goes back.
 */
async function settleMany(
  deps: AppDeps,
  items: { row: PurchaseRow; intent: GatewayIntent | null }[],
): Promise<Outcome<Bought | null>[]> {
  const outcomes: Outcome<Bought | null>[] = items.map(() => succeeded(null));
  const ready: typeof items = [];
  for (const [i, item] of items.entries()) {
    try {
      await deps.faults?.beforeOwnership?.();
      ready.push(item);
    } catch (error) {
      outcomes[i] = failed(error);
    }
  }
  let owned: Set<string>;
  try {
    owned = await ownTogether(deps, ready);
  } catch (error) {
    // Only a lone purchase throws here (see ownTogether): nothing was written for it.
    for (const item of ready) outcomes[items.indexOf(item)] = failed(error);
    return outcomes;
  }
  const completed = ready.filter((item) => owned.has(item.row.id));
  // From here on nothing may throw: the purchases are complete, and a batch that throws is run again.
  const bought = await announce(deps, completed).catch(() => new Map<string, Bought>());
  for (const [i, item] of items.entries()) {
    if (!ready.includes(item)) continue;
    const done = bought.get(item.row.id);
    if (done) outcomes[i] = succeeded(done);
    else if (owned.has(item.row.id)) outcomes[i] = failed(new Error("bought, but not presented"));
    else if ((await stillPending(deps, item.row)) && !(await playerDeleted(deps.db, item.row.userId))) {
      outcomes[i] = failed(new AppError("CONFLICT", "This building already has an owner."));
    }
  }
  return outcomes;
}

const stillPending = async (deps: AppDeps, row: PurchaseRow) => {
  const [now] = await deps.db
    .select({ status: purchases.status })
    .from(purchases)
    .where(eq(purchases.id, row.id));
  return now?.status === "pending";
};

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
    gateway,
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

/** What a recovered purchase ended in, in a purchase's words. */
export type PurchaseRecovery = "completed" | "refunded" | "failed" | "waiting" | "settled already";

const inPurchaseWords: Record<Recovery, PurchaseRecovery> = {
  settled: "completed",
  refunded: "refunded",
  released: "failed",
  waiting: "waiting",
  "settled already": "settled already",
};

/** Until when a purchase may wait for its buyer: its own time, and never past the timeout from its creation. */
const waitsUntil = (row: PurchaseRow) =>
  new Date(
    Math.min(
      row.awaitingUntil?.getTime() ?? Number.POSITIVE_INFINITY,
      row.createdAt.getTime() + WAITING_PAYMENT_MS,
    ),
  );

/**
 * Finishes one interrupted purchase from its status and the processor's record (money/operation.ts): completed
 * if charged (refunded if ownership can no longer be written), a refund begun asked again under its key, failed
 * if never charged or abandoned (any open intent cancelled), left waiting while still processing or while the
 * buyer may still approve. Claimed by moving its clock: of two instances recovering at once, one claims it, the
 * other finds it fresh. A hold whose time for the buyer is up (`lapsed`) is claimed at once, by clearing that time.
 */
export async function recoverPurchase(
  deps: AppDeps,
  purchaseId: string,
  now = new Date(),
  { lapsed = false }: { lapsed?: boolean } = {},
): Promise<PurchaseRecovery> {
  const before = new Date(now.getTime() - deps.config.moneyRecoveryAfterMs);
  const [row] = await deps.db
    .update(purchases)
    .set({ updatedAt: sql`now()`, ...(lapsed ? { awaitingUntil: null } : {}) })
    .where(
      and(
        eq(purchases.id, purchaseId),
        lapsed
          ? and(eq(purchases.status, "pending"), lte(purchases.awaitingUntil, now))
          : and(inArray(purchases.status, ["pending", "refunding"]), lt(purchases.updatedAt, before)),
      ),
    )
    .returning();
  if (!row) return "settled already";
  const recovery = await recoverOperation(purchaseOperation(deps), row, {
    waitUntil: lapsed ? null : waitsUntil(row),
    now,
  });
  return inPurchaseWords[recovery];
}

/**
 * Lets go the buildings among `keys` (building or property ids) held for a buyer whose time to approve is up, so
 * that they can be bought at once rather than after the next recovery run: each such purchase is settled as
 * recovery would (completed if the buyer did pay in time, else its payment cancelled and the purchase failed).
 */
async function endLapsedHolds(deps: AppDeps, keys: string[], now = new Date()): Promise<void> {
  const uuids = keys.filter((k) => isUuid(k));
  const lapsed = await queryRows<{ id: string }>(
    deps.db,
    sql`
    select p.id from purchases p
    where p.status = 'pending' and p.awaiting_until <= ${now.toISOString()}::timestamptz
      and p.building_id = any(array(
        select value from json_array_elements_text(${JSON.stringify(keys)}::json)
        union all
        select pr.building_id from properties pr
        where pr.id = any(array(select value::uuid from json_array_elements_text(${JSON.stringify(uuids)}::json)))))`,
  );
  for (const { id } of lapsed) {
    try {
      await recoverPurchase(deps, id, now, { lapsed: true });
    } catch (error) {
      // Left to the recovery runs, which settle it from the processor's record.
      deps.log?.error({ err: error, purchaseId: id }, "could not end a lapsed hold; will retry");
    }
  }
}

/** After the processor's notice: the purchase it names, if still pending, finished (money/operation.ts). */
export async function finishPurchasePayment(deps: AppDeps, intent: GatewayIntent): Promise<void> {
  const id = intent.metadata.purchaseId;
  if (!id) return;
  const [row] = await deps.db.select().from(purchases).where(eq(purchases.id, id));
  await finishFromNotice(purchaseOperation(deps), row, intent, deps.log);
}
