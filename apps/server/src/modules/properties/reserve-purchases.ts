import { failed, type Outcome, succeeded } from "@mx/kit/batcher";
import { AppError } from "@mx/kit/errors";
import { queryRows } from "@mx/kit/sql";
import { FEE_AND_TAX_CENTS } from "@mx/shared/constants";
import { errors } from "@mx/shared/messages";
import { formatCents } from "@mx/shared/money";
import { isUuid } from "@mx/shared/uuid";
import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { properties } from "../../db/schema/buildings";
import type { AppDeps } from "../../deps";
import { frozenRefusal } from "../auth/frozen";
import { restrictedRefusal } from "../auth/restriction";
import type { Resumable } from "../money/operation";
import { holdPurchaseCredits } from "../offerwall/credits";
import { PAYPAL_METHOD } from "../payments/paypal-gateway";
import { lapsedHoldRefusal } from "../payments/waiting-payments";
import { endLapsedHolds } from "./lapsed-holds";
import type { Bought, PurchaseRow } from "./settle-purchase";

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

type Reservation = {
  i: number;
  /** Why the buyer may not trade (an operator froze it), or pay by card or PayPal (restricted), if so. */
  frozen_reason: string | null;
  restricted_reason: string | null;
  /** When the buyer's latest hold on this building lapsed unpaid, within the cooldown; null when none did. */
  lapsed_at: string | null;
  building_id: string | null;
  base_price_cents: number | null;
  card_id: string | null;
  customer_id: string | null;
  reserved: boolean;
  /** Whether a purchase still holds the building for a buyer whose time to approve is up. */
  lapsed_hold: boolean;
};

/**
 * Step 1 for the orders of one moment, in one statement (and, when credits are spent, one transaction with their
 * holds); a second only for orders a lapsed hold stood in the way of, once `op` (the purchase's operation) has
 * ended it. The row locks (FOR UPDATE, in building order) make it read each building as it is now, after any
 * purchase that just completed; the partial unique index lets only one purchase of a building be pending, and ON
 * CONFLICT DO NOTHING turns a second one (from another batch or this one) into no row.
 */
export async function reservePurchases(
  deps: AppDeps,
  op: Resumable<PurchaseRow, Bought>,
  orders: Order[],
): Promise<Outcome<PurchaseRow>[]> {
  const outcomes: Outcome<PurchaseRow>[] = orders.map(() => failed(new Error("purchase not reserved")));
  const requests = requestsOf(orders);
  const now = new Date();
  const checks = checksAt(deps, now);
  const reserve = (some: typeof requests) =>
    reserveWithCredits(deps, orders, some, (q) => reserveStatement(deps, q, some, checks));
  const first = await reserve(requests);
  const rows = new Map(first.rows.map((row) => [row.i, row]));
  const refusedCredits = first.refusedCredits;
  // A building held for a buyer whose approval has lapsed is let go, and its orders reserved again, so that it can
  // be bought now rather than after the next recovery run. The statement says which: none, nearly always.
  const blocked = first.rows.filter((row) => !row.reserved && row.lapsed_hold);
  if (blocked.length > 0) {
    await endLapsedHolds(
      deps,
      op,
      blocked.map((row) => (orders[row.i] as Order).key),
    );
    const blockedAt = new Set(blocked.map((row) => row.i));
    const again = await reserve(requests.filter((r) => blockedAt.has(r.i)));
    for (const row of again.rows) rows.set(row.i, row);
    for (const [id, refusal] of again.refusedCredits) refusedCredits.set(id, refusal);
  }
  for (const row of rows.values()) {
    const order = orders[row.i] as Order;
    try {
      refuseStanding(deps, order, row);
      outcomes[row.i] = succeeded(await reservedRow(deps, order, row, refusedCredits, now));
    } catch (error) {
      outcomes[row.i] = failed(error);
    }
  }
  return outcomes;
}

/**
 * The orders as the reserving statement reads them, each with its place in the batch. Each part of the statement
 * finds its rows by "= any(array(select …))": the planner then reads them by index, where a join with a JSON row set
 * (which it guesses at 100 rows) would read whole tables.
 */
const requestsOf = (orders: Order[]) =>
  orders.map((o, i) => ({
    i,
    purchase_id: o.purchaseId,
    user_id: o.userId,
    key: o.key,
    key_uuid: isUuid(o.key) ? o.key : null,
    price_cents: o.priceCents,
    payment_method_id: o.paymentMethodId,
    credits_cents: o.creditsCents,
  }));

/** The moment the checks are made at, and the cooldown after a lapsed hold (config.holds.cooldownHours). */
type Checks = { at: string; since: string; cooldownHours: number };

const checksAt = (deps: AppDeps, now: Date): Checks => {
  const cooldownHours = deps.config.holds.cooldownHours;
  return {
    at: now.toISOString(),
    since: new Date(now.getTime() - Math.max(0, cooldownHours) * 3_600_000).toISOString(),
    cooldownHours,
  };
};

/**
 * The one statement that reserves: each request's building, card and buyer found, the buyer's standing checked
 * (trading frozen, payments restricted, a hold on the building lately let lapse: such a request reserves nothing),
 * the free buildings locked (FOR UPDATE, in building order), a pending purchase written for each, and what became
 * of every request.
 */
const reserveStatement = (
  deps: AppDeps,
  q: Queryable,
  requests: ReturnType<typeof requestsOf>,
  checks: Checks,
) =>
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
        (select pc.customer_id from payment_customers pc where pc.user_id = r.user_id) as customer_id,
        u.trading_frozen_reason as frozen_reason, u.restricted_reason,
        -- A hold on this building the buyer let lapse lately: a purchase of theirs that waited for them and ended
        -- unpaid (or is still pending past its time) within the cooldown.
        (select max(least(h.until, case when p.status = 'pending' then h.until else p.updated_at end))
         from payment_holds h join purchases p on p.id = h.thing_id
         where ${checks.cooldownHours}::integer > 0 and h.kind = 'purchase' and h.user_id = r.user_id
           and h.building_id = b.id and p.status <> 'completed'
           and (p.status <> 'pending' or h.until <= ${checks.at}::timestamptz)
           and h.until > ${checks.since}::timestamptz) as lapsed_at
      from r
      left join users u on u.id = r.user_id
      left join lateral (
        select p.building_id from properties p where p.building_id = r.key
        union all
        select p.building_id from properties p where p.id = r.key_uuid
        limit 1) k on true
      left join buildings b on b.id = k.building_id),
    allowed as (
      select * from target
      where frozen_reason is null
        and (restricted_reason is null or credits_cents >= price_cents + ${FEE_AND_TAX_CENTS}::integer)
        and (lapsed_at is null or lapsed_at <= ${checks.since}::timestamptz)),
    free as (
      select p.building_id from properties p
      where p.building_id = any(array(select building_id from allowed
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
      from allowed t join free f on f.building_id = t.building_id
      -- Only a request that could be reserved may take the building: an offer below its price, or one with nothing
      -- to pay with, is refused by the caller and must never hold the row against a buyer in the same batch.
      where t.price_cents >= t.base_price_cents
        and (t.card_id is not null or t.credits_cents >= t.price_cents + ${FEE_AND_TAX_CENTS}::integer)
      order by t.i
      on conflict do nothing
      returning id)
    select t.i, t.building_id, t.base_price_cents, t.card_id, t.customer_id, t.frozen_reason, t.restricted_reason,
      t.lapsed_at,
      exists (select 1 from reserved where reserved.id = t.purchase_id)
        -- A batch run again finds the purchases its first run reserved.
        or exists (select 1 from purchases p where p.id = t.purchase_id and p.status = 'pending') as reserved,
      exists (select 1 from purchases p where p.building_id = t.building_id and p.status = 'pending'
        and p.awaiting_until <= ${checks.at}::timestamptz) as lapsed_hold
    from target t order by t.i`,
    "reserve-purchases",
  );

/**
 * Runs the reserving statement: alone, or, when credits are spent, in one transaction with their holds. Credits are
 * held in the transaction that writes the purchases, so a purchase never exists without its hold and two purchases
 * at once cannot spend the same credits (see holdPurchaseCredits). A refused hold rolls back nothing else: that
 * purchase is released by the caller, its building free again.
 */
async function reserveWithCredits(
  deps: AppDeps,
  orders: Order[],
  requests: ReturnType<typeof requestsOf>,
  reserve: (q: Queryable) => Promise<Reservation[]>,
): Promise<{ rows: Reservation[]; refusedCredits: Map<string, AppError> }> {
  let refusedCredits = new Map<string, AppError>();
  const rows = requests.some((r) => r.credits_cents > 0)
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
  return { rows, refusedCredits };
}

/**
 * Refuses an order for its buyer's standing, in the order a player is told: trading frozen by an operator, payments
 * restricted (unless credits pay it all), a hold on this building lately let lapse.
 */
function refuseStanding(deps: AppDeps, order: Order, row: Reservation): void {
  if (row.frozen_reason) throw frozenRefusal("trading", row.frozen_reason);
  if (row.restricted_reason && order.creditsCents < order.priceCents + FEE_AND_TAX_CENTS) {
    throw restrictedRefusal("payments", row.restricted_reason);
  }
  if (row.lapsed_at) {
    const again = new Date(new Date(row.lapsed_at).getTime() + deps.config.holds.cooldownHours * 3_600_000);
    throw lapsedHoldRefusal(again);
  }
}

/** One order's pending row as the statement reserved it, or why it was refused. */
async function reservedRow(
  deps: AppDeps,
  order: Order,
  row: Reservation,
  refusedCredits: Map<string, AppError>,
  now: Date,
): Promise<PurchaseRow> {
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
  return {
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
  };
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
