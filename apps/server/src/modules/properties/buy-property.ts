import { BUY_PROCESSING_FEE_CENTS, CURRENCY, SALES_TAX_CENTS } from "@mx/shared/constants";
import { errors } from "@mx/shared/messages";
import { dollarsToCents, formatCents } from "@mx/shared/money";
import type { Property } from "@mx/shared/schemas/properties";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { properties } from "../../db/schema/buildings";
import { purchases } from "../../db/schema/purchases";
import type { AppDeps } from "../../deps";
import { Batcher, failed, type Outcome, settleEach, succeeded } from "../../lib/batcher";

import { crashPoint, failPoint } from "../../lib/crash-points";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/secrets";
import { queryRows } from "../../lib/sql";
import { presentProperty, selectProperties } from "../buildings/present-property";
import { ensureCustomer } from "../cards/cards";
import { publishPublicMany } from "../events/publish";
import { accounts, journalsCtes } from "../ledger/ledger";
import { holdPurchaseCredits, releasePurchaseCredits } from "../offerwall/credits";
import { type ActionRequired, AUTHENTICATION_FAILED, actionOf } from "../payments/bank-check";
import {
  CardError,
  type FindIntentInput,
  type GatewayIntent,
  GatewayRequestError,
} from "../payments/gateway";
import { confirmApproved, isPaypalIntent, PAYPAL_CANCELLED, PAYPAL_METHOD } from "../payments/paypal-gateway";
import { assertRoomToWait, holdForPlayer, tooManyWaiting } from "../payments/waiting-payments";
import { endLapsedHolds } from "./reconcile-purchases";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FEES_CENTS = BUY_PROCESSING_FEE_CENTS + SALES_TAX_CENTS;
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

export type Bought = {
  message: string;
  property: Property;
  total: number;
  paymentIntentId: string;
  /** Dollars of the total paid with offer-wall credits. */
  credits?: number;
};
/** A purchase waiting for the buyer's bank (3-D Secure): the building is held for it meanwhile. */
export type NeedsAction = { purchaseId: string; action: ActionRequired };
export type BuyResult = Bought | NeedsAction;

/**
 * One purchase asked for. Its id, and so its processor keys (`purchase:<id>`, `purchase-refund:<id>`), are fixed
 * here, before any batch runs: a batch run again (after a throw) reuses them, so the processor can never be asked
 * twice for one purchase under two keys.
 */
type Order = {
  purchaseId: string;
  userId: string;
  key: string;
  priceCents: number;
  paymentMethodId: string | null;
  /** Offer-wall credits to spend (cents); the card is charged total − credits. */
  creditsCents: number;
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
  if (creditsCents > priceCents + FEES_CENTS) {
    throw new AppError(
      "BAD_REQUEST",
      `credits: must be at most the total of ${formatCents(priceCents + FEES_CENTS)}`,
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

/** A purchase reserved and charged, waiting for its ownership to be written. */
export type Charged = {
  i: number;
  order: Order;
  purchaseId: string;
  buildingId: string;
  /** Null when credits pay everything. */
  cardId: string | null;
  totalCents: number;
  /** Null when credits pay everything: no card is charged. */
  intentId: string | null;
};

/** What the card is charged: the total less the credits spent. */
const chargeOf = (c: { totalCents: number; order: Order }) => c.totalCents - c.order.creditsCents;

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
                                        and (card_id is not null or credits_cents >= price_cents + ${FEES_CENTS}::integer)))
        and p.owner_id is null and not p.for_sale
      order by p.building_id
      for update of p),
    reserved as (
      insert into purchases (id, user_id, building_id, price_cents, total_cents, status, payment_method_id)
      select t.purchase_id, t.user_id, t.building_id, t.price_cents, t.price_cents + ${FEES_CENTS}::integer, 'pending',
        -- What the charge is made with, so that recovery can rebuild it; nothing when credits pay it all.
        case when t.credits_cents < t.price_cents + ${FEES_CENTS}::integer then t.card_id end
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
        const creditsPayAll = order.creditsCents >= order.priceCents + FEES_CENTS;
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
          totalCents: order.priceCents + FEES_CENTS,
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

/** The bought properties as the buyers now see them, and the sales announced to every map. */
export async function announce(deps: AppDeps, owned: Charged[], outcomes: Outcome<BuyResult>[]) {
  const { db } = deps;
  const present = new Map(
    (
      await selectProperties(db).where(
        inArray(
          properties.buildingId,
          owned.map((c) => c.buildingId),
        ),
      )
    ).map((row) => [row.buildingId, presentProperty(row)]),
  );
  const sold: Property[] = [];
  for (const c of owned) {
    const property = present.get(c.buildingId);
    if (!property) {
      outcomes[c.i] = failed(new AppError("NOT_FOUND", `No building with id ${c.buildingId}.`));
      continue;
    }
    sold.push(property);
    outcomes[c.i] = succeeded({
      message: `You now own ${property.name}.`,
      property,
      total: c.totalCents / 100,
      paymentIntentId: c.intentId ?? "",
      ...(c.order.creditsCents > 0 ? { credits: c.order.creditsCents / 100 } : {}),
    });
  }
  // The sales are committed: every map recolours them now. A lost announcement must not fail a completed purchase.
  await publishPublicMany(
    db,
    sold.map((property) => ({
      type: "building.sold" as const,
      buildingId: property.buildingId,
      mapId: property.mapId,
      name: property.name,
      price: property.price,
      forSale: property.forSale,
      ownerId: property.ownerId,
      color: property.color,
    })),
  ).catch((error: unknown) => deps.log?.warn({ err: error }, "could not announce sales"));
}

/**
 * Ownership, price, price history, the payment, the ledger journal and the purchase's completion for every charged
 * purchase, in one statement that writes nothing for a building that has an owner by now. It locks its buildings in
 * building order first, as the reservation does, so that two batches at once never wait for each other in a circle. If the statement fails,
 * each purchase is tried on its own, so that one bad row cannot cost the others their buildings.
 */
export async function ownTogether(
  deps: AppDeps,
  ready: Charged[],
  outcomes: Outcome<BuyResult>[],
): Promise<Charged[]> {
  if (ready.length === 0) return [];
  try {
    const journals = journalsCtes(
      ready.map((c) => ({
        when: c.buildingId,
        journal: {
          kind: "purchase",
          reference: c.purchaseId,
          memo: `${c.buildingId} bought for ${formatCents(c.order.priceCents)}`,
          entries: [
            ...(chargeOf(c) > 0 ? [{ account: accounts.cardFunding, amountCents: -chargeOf(c) }] : []),
            ...(c.order.creditsCents > 0
              ? [{ account: accounts.creditsHeld, amountCents: -c.order.creditsCents }]
              : []),
            { account: accounts.platformRevenue, amountCents: c.order.priceCents },
            { account: accounts.platformFees, amountCents: BUY_PROCESSING_FEE_CENTS },
            { account: accounts.salesTaxPayable, amountCents: SALES_TAX_CENTS },
          ],
        },
      })),
      { name: "owned", column: "building_id" },
    );
    const sales = ready.map((c) => ({
      purchase_id: c.purchaseId,
      user_id: c.order.userId,
      building_id: c.buildingId,
      price_cents: c.order.priceCents,
      total_cents: c.totalCents,
      charge_cents: chargeOf(c),
      intent_id: c.intentId,
      card_id: c.cardId,
    }));
    const result = await queryRows<{ building_id: string }>(
      deps.db,
      sql`
      with s as (
        select * from json_to_recordset(${JSON.stringify(sales)}::json) as s(purchase_id uuid, user_id uuid,
          building_id text, price_cents integer, total_cents integer, charge_cents integer, intent_id text,
          card_id text)),
      locked as materialized (
        select p.building_id from properties p where p.building_id = any(array(select building_id from s))
        order by p.building_id for update),
      owned as (
        update properties p set owner_id = s.user_id, price_cents = s.price_cents, for_sale = false, sales = 1,
          updated_at = now()
        from s
        where p.building_id = any(array(select building_id from locked)) and p.building_id = s.building_id
          and p.owner_id is null
        returning p.building_id),
      done as (select s.* from s join owned using (building_id)),
      payment as (
        insert into payment_intents
          (id, user_id, provider, purpose, property_id, amount_cents, currency, capture_method, status, payment_method_id)
        select intent_id, user_id,
          case when intent_id like 'paypal\_%' then 'paypal' else ${deps.gateway.kind}::text end, 'purchase', building_id, charge_cents, ${CURRENCY}, 'automatic',
          'succeeded', card_id from done where intent_id is not null),
      history as (insert into price_history (building_id, price_cents) select building_id, price_cents from done),
      ${journals},
      completed as (
        update purchases p set status = 'completed', payment_intent_id = done.intent_id, updated_at = now()
        from done where p.id = any(array(select purchase_id from done)) and p.id = done.purchase_id)
      select building_id from done`,
    );
    const ownedIds = new Set(result.map((r) => r.building_id));
    for (const c of ready) {
      if (!ownedIds.has(c.buildingId)) {
        outcomes[c.i] = failed(new AppError("CONFLICT", "This building already has an owner."));
      }
    }
    return ready.filter((c) => ownedIds.has(c.buildingId));
  } catch (error) {
    if (ready.length === 1) {
      outcomes[(ready[0] as Charged).i] = failed(error);
      return [];
    }
    const each = await settleEach(ready, (c) => ownTogether(deps, [c], outcomes));
    return each.flatMap((o) => (o.ok ? o.value : []));
  }
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

/** The processor keys of a purchase: fixed by its id, so every retry and every recovery uses the same ones. */
export const purchaseChargeKey = (purchaseId: string) => `purchase:${purchaseId}`;
export const purchaseRefundKey = (purchaseId: string) => `purchase-refund:${purchaseId}`;

/**
 * A purchase's charge as its row records it, so that recovery can find the intent it may have made (see
 * findPaymentIntent): the same key, amount, metadata and payment method as the create call in buyTogether.
 */
export function purchaseCharge(purchase: typeof purchases.$inferSelect): FindIntentInput {
  const chargeCents = purchase.totalCents - purchase.creditsCents;
  return {
    operation: purchaseChargeKey(purchase.id),
    paymentMethodId: purchase.paymentMethodId,
    amountCents: chargeCents,
    currency: CURRENCY,
    captureMethod: "automatic",
    metadata: purchaseMetadata(purchase.id, purchase.buildingId, purchase.userId, chargeCents),
  };
}

/** What a purchase's payment intent says of itself, so that it is checked before it is taken for anything. */
export function purchaseMetadata(purchaseId: string, buildingId: string, userId: string, totalCents: number) {
  return { purpose: "purchase", purchaseId, buildingId, userId, amountCents: String(totalCents) };
}

/**
 * Gives a charged purchase's money back. The purchase is marked `refunding` (and its building freed) before the
 * processor is asked, with a key fixed by the purchase; if the process stops in between, recovery asks again with
 * the same key, so the buyer is refunded exactly once.
 */
export async function refundPurchase(
  deps: AppDeps,
  purchaseId: string,
  intentId: string | null,
  failure: string,
): Promise<boolean> {
  // Only a purchase still unsettled is refunded: one completed meanwhile (by recovery, or the processor's webhook
  // after a bank's check) keeps its charge.
  const [refunding] = await deps.db
    .update(purchases)
    .set({ status: "refunding", failure, paymentIntentId: intentId, updatedAt: new Date() })
    .where(and(eq(purchases.id, purchaseId), inArray(purchases.status, ["pending", "refunding"])))
    .returning({ id: purchases.id });
  if (!refunding) return false;
  crashPoint("purchase.refunding");
  // A purchase paid wholly with credits charged no card: its credits are given back as it settles.
  if (intentId) {
    await deps.gateway.refund({ paymentIntentId: intentId, idempotencyKey: purchaseRefundKey(purchaseId) });
  }
  await settle(deps, purchaseId, "refunded", failure, intentId);
  return true;
}

async function settle(
  deps: AppDeps,
  purchaseId: string,
  status: "failed" | "refunding" | "refunded",
  failure: string,
  paymentIntentId: string | null = null,
) {
  // The credits a purchase held go back in the same transaction that settles it as failed or refunded.
  await deps.db.transaction(async (tx) => {
    await tx
      .update(purchases)
      .set({ status, failure, paymentIntentId, updatedAt: new Date() })
      .where(eq(purchases.id, purchaseId));
    if (status !== "refunding") await releasePurchaseCredits(tx, purchaseId);
  });
}

/**
 * A charged purchase whose request ended before ownership was written (a crash, or a bank's check finished later):
 * ownership is written now, as the request would have. Null if it could not be (the purchase is then refunded).
 * Safe to run twice: a purchase completed meanwhile is reported as bought, never refunded.
 */
export async function completeCharged(
  deps: AppDeps,
  purchase: typeof purchases.$inferSelect,
  intent: GatewayIntent | null,
): Promise<Bought | null> {
  const charged: Charged = {
    i: 0,
    order: {
      purchaseId: purchase.id,
      userId: purchase.userId,
      key: purchase.buildingId,
      priceCents: purchase.priceCents,
      paymentMethodId: intent?.paymentMethodId ?? null,
      creditsCents: purchase.creditsCents,
    },
    purchaseId: purchase.id,
    buildingId: purchase.buildingId,
    cardId: intent?.paymentMethodId ?? null,
    totalCents: purchase.totalCents,
    intentId: intent?.id ?? null,
  };
  const outcomes: Outcome<BuyResult>[] = [failed(new Error("not owned"))];
  const owned = await ownTogether(deps, [charged], outcomes);
  if (owned.length === 0) {
    if (await refundPurchase(deps, purchase.id, intent?.id ?? null, "the building could not be given"))
      return null;
    const [now] = await deps.db.select().from(purchases).where(eq(purchases.id, purchase.id));
    return now?.status === "completed" ? boughtOf(deps, now) : null;
  }
  await announce(deps, owned, outcomes);
  const [outcome] = outcomes;
  return outcome?.ok && "property" in outcome.value ? outcome.value : null;
}

async function boughtOf(deps: AppDeps, purchase: typeof purchases.$inferSelect): Promise<Bought> {
  const [row] = await selectProperties(deps.db).where(eq(properties.buildingId, purchase.buildingId));
  if (!row) throw new AppError("NOT_FOUND", `No building with id ${purchase.buildingId}.`);
  const property = presentProperty(row);
  return {
    message: `You now own ${property.name}.`,
    property,
    total: purchase.totalCents / 100,
    paymentIntentId: purchase.paymentIntentId ?? "",
    ...(purchase.creditsCents > 0 ? { credits: purchase.creditsCents / 100 } : {}),
  };
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
