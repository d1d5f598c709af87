import { CURRENCY, FEE_AND_TAX_CENTS } from "@mx/shared/constants";
import { errors } from "@mx/shared/messages";
import { dollarsToCents, formatCents } from "@mx/shared/money";
import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { properties } from "../../db/schema/buildings";
import { purchases } from "../../db/schema/purchases";
import type { AppDeps } from "../../deps";
import { Batcher, failed, type Outcome, succeeded } from "../../lib/batcher";

import { crashPoint, failPoint } from "../../lib/crash-points";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/secrets";
import { queryRows } from "../../lib/sql";
import { ensureCustomer } from "../cards/cards";
import { holdPurchaseCredits } from "../offerwall/credits";
import { AUTHENTICATION_FAILED, actionOf } from "../payments/bank-check";
import { CardError, GatewayRequestError } from "../payments/gateway";
import { confirmApproved, isPaypalIntent, PAYPAL_CANCELLED, PAYPAL_METHOD } from "../payments/paypal-gateway";
import { assertRoomToWait, holdForPlayer, tooManyWaiting } from "../payments/waiting-payments";
import { endLapsedHolds } from "./reconcile-purchases";
import {
  announce,
  type BuyResult,
  boughtOf,
  type Charged,
  chargeOf,
  completeCharged,
  type Order,
  ownTogether,
  purchaseChargeKey,
  purchaseMetadata,
  refundPurchase,
  settle,
} from "./settle-purchase";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const PAYMENT_PROCESSING =
  "Your payment is still being processed. The building is held for you and becomes yours once the payment clears; if it does not, nothing is charged.";

export type BuyInput = {
  buildingId?: string;
  propertyId?: string;
  paymentMethodId?: string;
  bidAmount: number;
  /** Offer-wall credits to spend on it, in dollars: the card pays the rest. */
  credits?: number;
};

/**
 * Buys an unowned building at the offered price (at least its base price), charging price + processing fee +
 * sales tax to one of the buyer's cards. In three steps, so that of two buyers at the same moment exactly one is
 * charged and the other is refused before anything moves:
 *   1. reserve: a pending purchase, unique per building, taken with the building's row locked;
 *   2. charge the card, outside any transaction;
 *   3. in one statement: ownership, price, price history, the ledger journal and the purchase's completion.
 * If step 3 fails after the charge, the charge is refunded before the error is reported.
 *
 * Purchases arriving at the same moment go through these steps together, each step one statement for all of them
 * (see Batcher), so a busy server does a few round trips per batch rather than per purchase. Each purchase still
 * succeeds or fails on its own.
 */
export async function buyProperty(deps: AppDeps, userId: string, input: BuyInput): Promise<BuyResult> {
  const priceCents = dollarsToCents(input.bidAmount);
  if (priceCents === null) throw new AppError("BAD_REQUEST", "bidAmount: must be a whole number of cents");
  const creditsCents = input.credits === undefined ? 0 : dollarsToCents(input.credits);
  if (creditsCents === null || creditsCents < 0) {
    throw new AppError("BAD_REQUEST", "credits: must be a whole number of cents, 0 or more");
  }
  if (creditsCents > priceCents + FEE_AND_TAX_CENTS) {
    throw new AppError(
      "BAD_REQUEST",
      `credits: must be at most the total of ${formatCents(priceCents + FEE_AND_TAX_CENTS)}`,
    );
  }
  // PayPal always waits for the buyer's approval: refused at once when they have no place left for it.
  if (input.paymentMethodId === PAYPAL_METHOD && deps.gateway.paypal) await assertRoomToWait(deps, userId);
  return purchaseQueue(deps).load({
    purchaseId: newId(),
    userId,
    key: input.buildingId ?? input.propertyId ?? "",
    priceCents,
    paymentMethodId: input.paymentMethodId ?? null,
    creditsCents,
  });
}

const queues = new WeakMap<AppDeps, Batcher<Order, BuyResult>>();

function purchaseQueue(deps: AppDeps): Batcher<Order, BuyResult> {
  let queue = queues.get(deps);
  if (!queue) {
    queue = new Batcher((orders) => buyTogether(deps, orders), {
      maxSize: 100,
      // One batch at a time makes the largest batches, and so the fewest statements, when charging takes no time
      // (the sandbox: measured ~15% more purchases per second over HTTP than two at a time). A processor across the
      // network takes hundreds of milliseconds per charge: there, batches overlap so none waits for another.
      maxRunning: deps.gateway.kind === "sandbox" ? 1 : 8,
      retryAlone: true,
    });
    queues.set(deps, queue);
  }
  return queue;
}

/** How many purchase batches this app has run, and how many purchases they held (for the bench). */
export function purchaseBatchStats(deps: AppDeps): { batches: number; items: number } {
  return { ...(queues.get(deps)?.stats ?? { batches: 0, items: 0 }) };
}

type Reservation = {
  i: number;
  building_id: string | null;
  base_price_cents: number | null;
  card_id: string | null;
  customer_id: string | null;
  reserved: boolean;
};

async function buyTogether(deps: AppDeps, orders: Order[]): Promise<Outcome<BuyResult>[]> {
  const { gateway } = deps;
  const outcomes: Outcome<BuyResult>[] = orders.map(() => failed(new Error("purchase not settled")));
  const purchaseIds = orders.map((o) => o.purchaseId);

  // Each statement below finds its rows by "= any(array(select …))": the planner then reads them by index, where
  // a join with a JSON row set (which it guesses at 100 rows) would read whole tables.
  // 1. Reserve, all in one statement. The row locks (FOR UPDATE, in building order) make it read each building as
  // it is now, after any purchase that just completed; the partial unique index lets only one purchase of a
  // building be pending, and ON CONFLICT DO NOTHING turns a second one (from another batch or this one) into no row.
  const requests = orders.map((o, i) => ({
    i,
    purchase_id: purchaseIds[i],
    user_id: o.userId,
    key: o.key,
    key_uuid: UUID.test(o.key) ? o.key : null,
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
  // two purchases at once cannot spend the same credits (see holdPurchaseCredits).
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

  const byIndex = new Map(rows.map((row) => [row.i, row]));
  const reserved: Omit<Charged, "intentId">[] = [];
  await Promise.all(
    orders.map(async (order, i) => {
      const row = byIndex.get(i);
      try {
        if (!row?.building_id || row.base_price_cents === null) {
          throw new AppError("NOT_FOUND", `No building with id ${order.key}.`);
        }
        if (order.priceCents < row.base_price_cents) {
          throw new AppError(
            "BAD_REQUEST",
            `bidAmount: must be at least the base price of ${formatCents(row.base_price_cents)}`,
          );
        }
        const creditsPayAll = order.creditsCents >= order.priceCents + FEE_AND_TAX_CENTS;
        if (!row.card_id && !creditsPayAll) {
          throw order.paymentMethodId
            ? new AppError("NOT_FOUND", "No such payment method.")
            : new AppError("BAD_REQUEST", errors.addCardFirst);
        }
        if (!row.reserved) throw await whyNotReserved(deps, order.userId, row.building_id);
        const refused = refusedCredits.get(order.purchaseId);
        if (refused) throw refused;
        reserved.push({
          i,
          order,
          purchaseId: purchaseIds[i] as string,
          buildingId: row.building_id,
          cardId: creditsPayAll ? null : row.card_id,
          totalCents: order.priceCents + FEE_AND_TAX_CENTS,
        });
      } catch (error) {
        outcomes[i] = failed(error);
      }
    }),
  );

  crashPoint("purchase.reserved");
  // 2. Charge, outside any transaction. (The sandbox writes the intents of one moment together.) The pending row
  // already names the charge's key: if this process stops from here on, recovery finds the charge by that key.
  const charged: Charged[] = [];
  await Promise.all(
    reserved.map(async (r) => {
      try {
        if (r.cardId === null) {
          // Credits pay for all of it: no card is charged.
          charged.push({ ...r, intentId: null });
          return;
        }
        const customerId = byIndex.get(r.i)?.customer_id ?? (await ensureCustomer(deps, r.order.userId));
        const intent = await gateway.createPaymentIntent({
          amountCents: chargeOf(r),
          currency: CURRENCY,
          customerId,
          paymentMethodId: r.cardId,
          captureMethod: "automatic",
          metadata: purchaseMetadata(r.purchaseId, r.buildingId, r.order.userId, chargeOf(r)),
          idempotencyKey: purchaseChargeKey(r.purchaseId),
        });
        if (intent.status === "requires_action") {
          // The bank (or PayPal) wants the buyer: the building stays held by the pending purchase while they
          // confirm, for a few minutes, and only while the buyer has few such payments waiting.
          const held = await holdForPlayer(deps, {
            kind: "purchase",
            id: r.purchaseId,
            userId: r.order.userId,
            intentId: intent.id,
          });
          if (!held) {
            await gateway.cancelPaymentIntent({
              id: intent.id,
              idempotencyKey: `${purchaseChargeKey(r.purchaseId)}:cancel`,
            });
            await settle(deps, r.purchaseId, "failed", errors.tooManyWaitingPayments, intent.id);
            outcomes[r.i] = failed(tooManyWaiting());
            return;
          }
          outcomes[r.i] = succeeded({ purchaseId: r.purchaseId, action: actionOf(intent) });
          return;
        }
        if (intent.status === "processing") {
          // Not declined, not yet paid: the purchase stays pending with its intent noted, holding the building,
          // and recovery finishes it (ownership, or release) once the processor has settled the payment.
          await deps.db
            .update(purchases)
            .set({ paymentIntentId: intent.id, updatedAt: new Date() })
            .where(eq(purchases.id, r.purchaseId));
          outcomes[r.i] = failed(new AppError("PAYMENT_PROCESSING", PAYMENT_PROCESSING));
          return;
        }
        if (intent.status !== "succeeded") {
          // Nothing was taken. An intent left waiting (for another card, or for the buyer) is cancelled so it can
          // never be completed later for a purchase that has failed.
          if (intent.status !== "requires_payment_method" && intent.status !== "canceled") {
            await gateway.cancelPaymentIntent({
              id: intent.id,
              idempotencyKey: `${purchaseChargeKey(r.purchaseId)}:cancel`,
            });
          }
          throw new CardError("card_declined", "Your card was declined.");
        }
        charged.push({ ...r, intentId: intent.id });
      } catch (error) {
        outcomes[r.i] = failed(error);
        // Where the processor's answer is unknown (unreachable, a cancellation that failed), the purchase stays
        // pending: recovery settles it from the processor's record.
        if (
          error instanceof CardError ||
          error instanceof AppError ||
          (error instanceof GatewayRequestError && error.statusCode < 500)
        ) {
          await settle(deps, r.purchaseId, "failed", (error as Error).message).catch(() => {});
        }
      }
    }),
  );
  if (charged.length === 0) return outcomes;
  crashPoint("purchase.charged");

  // Noted at once, so that if this process stops before step 3, reconcilePurchases finds the charges and refunds them.
  let owned: Charged[] = [];
  try {
    const marks = charged
      .filter((c) => c.intentId !== null)
      .map((c) => ({ id: c.purchaseId, intent_id: c.intentId }));
    await queryRows(
      deps.db,
      sql`
      with m as (select * from json_to_recordset(${JSON.stringify(marks)}::json) as m(id uuid, intent_id text))
      update purchases p set payment_intent_id = m.intent_id
      from m where p.id = any(array(select id from m)) and p.id = m.id`,
    );

    crashPoint("purchase.noted");
    // 3. Own.
    const ready: Charged[] = [];
    for (const c of charged) {
      try {
        await deps.faults?.beforeOwnership?.();
        failPoint("purchase.own");
        ready.push(c);
      } catch (error) {
        outcomes[c.i] = failed(error);
      }
    }
    owned = await ownTogether(deps, ready, outcomes);
  } catch (error) {
    for (const c of charged) if (!owned.includes(c)) outcomes[c.i] = failed(error);
  }

  // Charged but not owned: give the money back before saying anything.
  await Promise.all(
    charged
      .filter((c) => !owned.includes(c))
      .map(async (c) => {
        const outcome = outcomes[c.i];
        const error = outcome && !outcome.ok ? outcome.error : new Error("not owned");
        try {
          if (!(await refundPurchase(deps, c.purchaseId, c.intentId, (error as Error).message))) {
            const [now] = await deps.db.select().from(purchases).where(eq(purchases.id, c.purchaseId));
            if (now?.status === "completed") {
              outcomes[c.i] = succeeded(await boughtOf(deps, now));
              return;
            }
          }
          outcomes[c.i] = failed(
            error instanceof AppError
              ? error
              : new AppError(
                  "UNAVAILABLE",
                  "The purchase could not be completed; your card has been refunded.",
                  {
                    cause: error,
                  },
                ),
          );
        } catch (refundError) {
          // Left pending with its charge noted: reconcilePurchases refunds it later.
          outcomes[c.i] = failed(refundError);
        }
      }),
  );
  if (owned.length === 0) return outcomes;
  crashPoint("purchase.owned");
  // From here on nothing may throw: the purchases are complete, and a batch that throws is run again.
  try {
    await announce(deps, owned, outcomes);
  } catch (error) {
    for (const c of owned) outcomes[c.i] = failed(error);
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

/**
 * POST properties/buy/confirm: after the buyer has confirmed the payment with their bank, the charge is read again
 * from the processor and the purchase finished: owned, still waiting, or failed (nothing charged).
 */
export async function confirmPurchase(deps: AppDeps, userId: string, purchaseId: string): Promise<BuyResult> {
  const [purchase] = await deps.db
    .select()
    .from(purchases)
    .where(and(eq(purchases.id, purchaseId), eq(purchases.userId, userId)));
  if (!purchase) throw new AppError("NOT_FOUND", `No purchase with id ${purchaseId}.`);
  if (purchase.status === "completed") return boughtOf(deps, purchase);
  if (purchase.status !== "pending" || !purchase.paymentIntentId) {
    throw new AppError(
      "CONFLICT",
      `This purchase has ${purchase.status}: ${purchase.failure ?? "nothing was charged"}.`,
    );
  }
  const intent = await confirmApproved(
    deps,
    await deps.gateway.retrievePaymentIntent(purchase.paymentIntentId),
    (failure) => settle(deps, purchaseId, "failed", failure, purchase.paymentIntentId),
  );
  switch (intent.status) {
    case "succeeded": {
      const bought = await completeCharged(deps, purchase, intent);
      if (!bought) {
        throw new AppError("CONFLICT", "The purchase could not be completed; your card has been refunded.");
      }
      return bought;
    }
    case "requires_action":
      return { purchaseId, action: actionOf(intent) };
    case "processing":
      throw new AppError("PAYMENT_PROCESSING", PAYMENT_PROCESSING);
    default:
      if (intent.status !== "requires_payment_method" && intent.status !== "canceled") {
        await deps.gateway.cancelPaymentIntent({
          id: intent.id,
          idempotencyKey: `${purchaseChargeKey(purchaseId)}:cancel`,
        });
      }
      {
        const failure = isPaypalIntent(intent.id) ? PAYPAL_CANCELLED : AUTHENTICATION_FAILED;
        await settle(deps, purchaseId, "failed", failure, intent.id);
        throw new CardError("authentication_failed", failure);
      }
  }
}
