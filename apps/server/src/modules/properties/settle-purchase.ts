import { settleEach } from "@mx/kit/batcher";
import { AppError } from "@mx/kit/errors";
import { queryRows } from "@mx/kit/sql";
import type { FindIntentInput, GatewayIntent } from "@mx/processors/gateway";
import { CURRENCY } from "@mx/shared/constants";
import { formatCents } from "@mx/shared/money";
import type { Property } from "@mx/shared/schemas/properties";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { properties } from "../../db/schema/buildings";
import type { purchases } from "../../db/schema/purchases";
import type { AppDeps } from "../../deps";
import { watchAlertCtes } from "../alerts/alert-watchers";
import {
  presentProperty,
  propertyJson,
  propertyOfJson,
  selectProperties,
} from "../buildings/present-property";
import { trackHoldings } from "../collections/track-holdings";
import { publishPublicMany } from "../events/publish";
import { accounts, journalsCtes, paymentEntries } from "../ledger/ledger";
import type { ActionRequired } from "../payments/bank-check";

/*
 * The settling half of a purchase: once a purchase is paid, its ownership written and its sale announced, in the
 * purchase's money operation (purchase-operation.ts), whether the request, recovery or the processor's webhook
 * finishes it.
 */

export type Bought = {
  message: string;
  property: Property;
  total: number;
  paymentIntentId: string;
  /** Dollars of the total paid with offer-wall credits. */
  credits?: number;
};
/** A purchase waiting for the buyer's bank (3-D Secure): the building is held for it meanwhile. */
type NeedsAction = { purchaseId: string; action: ActionRequired };
export type BuyResult = Bought | NeedsAction;

/** A purchase's row, with what its reservation found of the buyer's processor customer (not stored). */
export type PurchaseRow = typeof purchases.$inferSelect & { customerId?: string | null };

/** A purchase ready to be settled, with the processor's payment (null when credits paid it all). */
export type Paid = { row: PurchaseRow; intent: GatewayIntent | null };

/** What the card (or PayPal) is charged: the total less the credits spent. */
export const chargeOf = (row: Pick<PurchaseRow, "totalCents" | "creditsCents">) =>
  row.totalCents - row.creditsCents;

/** A purchase's journal entries: its charge and credits in, its price to the game, the fee and the tax. */
export const purchaseEntries = (row: Pick<PurchaseRow, "totalCents" | "creditsCents" | "priceCents">) =>
  paymentEntries({
    chargeCents: chargeOf(row),
    creditsCents: row.creditsCents,
    revenueAccount: accounts.platformRevenue,
    priceCents: row.priceCents,
  });

/**
 * The bought properties as their buyers now see them (by purchase id, from the statement that owned them), and the
 * sales announced to every map.
 */
export function announce(
  deps: AppDeps,
  owned: Paid[],
  presented: Map<string, Property>,
): Map<string, Bought> {
  const bought = new Map<string, Bought>();
  for (const { row, intent } of owned) {
    const property = presented.get(row.id);
    if (property) bought.set(row.id, boughtWith(row, property, intent?.id ?? ""));
  }
  // The sales are committed: every map recolours them now. This process hears them at once; their NOTIFY goes out
  // beside the buyers' answers rather than before them, and a lost announcement must not fail a completed purchase.
  void publishPublicMany(
    deps.db,
    [...bought.values()].map(({ property }) => ({
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
  return bought;
}

const boughtWith = (
  row: Pick<PurchaseRow, "totalCents" | "creditsCents">,
  property: Property,
  paymentIntentId: string,
): Bought => ({
  message: `You now own ${property.name}.`,
  property,
  total: row.totalCents / 100,
  paymentIntentId,
  ...(row.creditsCents > 0 ? { credits: row.creditsCents / 100 } : {}),
});

/**
 * Ownership, price, price history, the payment, the ledger journal and the purchase's completion for every paid
 * purchase still pending, in one statement that writes nothing for a building that has an owner by now. It locks
 * its buildings in building order first, as the reservation does, then the purchases, so that two batches at once
 * never wait for each other in a circle, and a purchase whose refund has begun is never completed; then the buyers, so
 * that a buyer whose account is deleted meanwhile never owns. Returns the purchases completed (by id), each with its
 * property as its buyer now sees it. If the statement fails, each purchase is tried on its own, so that one bad row
 * cannot cost the others their buildings; one that fails alone throws.
 */
export async function ownTogether(deps: AppDeps, paid: Paid[]): Promise<Map<string, Property>> {
  if (paid.length === 0) return new Map();
  try {
    const { statement, buildingIds } = ownStatement(deps, paid);
    // A building in a collection: its holding is kept in the same transaction; any other costs nothing more.
    const tracked = deps.collections.of(buildingIds).length > 0;
    const own = async (q: Queryable) => {
      const rows = await queryRows<{
        purchase_id: string;
        building_id: string;
        property: Record<string, unknown>;
      }>(q, statement, "own-purchases");
      if (tracked)
        await trackHoldings(
          q,
          deps.collections,
          rows.map((r) => r.building_id),
        );
      return rows;
    };
    const result = tracked ? await deps.db.transaction(own) : await own(deps.db);
    return new Map(result.map((r) => [r.purchase_id, presentProperty(propertyOfJson(r.property))]));
  } catch (error) {
    if (paid.length === 1) throw error;
    const each = await settleEach(paid, (p) => ownTogether(deps, [p]));
    const owned = new Map<string, Property>();
    for (const outcome of each)
      if (outcome.ok) for (const [id, property] of outcome.value) owned.set(id, property);
    return owned;
  }
}

/** The one statement that settles every paid purchase given (see ownTogether), and the buildings it names. */
function ownStatement(deps: AppDeps, paid: Paid[]): { statement: SQL; buildingIds: string[] } {
  const journals = journalsCtes(
    paid.map(({ row }) => ({
      when: row.id,
      journal: {
        kind: "purchase",
        reference: row.id,
        memo: `${row.buildingId} bought for ${formatCents(row.priceCents)}`,
        building: { id: row.buildingId },
        entries: purchaseEntries(row),
      },
    })),
    { name: "done", column: "purchase_id" },
  );
  const sales = paid.map(({ row, intent }) => ({
    purchase_id: row.id,
    user_id: row.userId,
    building_id: row.buildingId,
    price_cents: row.priceCents,
    charge_cents: chargeOf(row),
    intent_id: intent?.id ?? null,
    card_id: intent ? (intent.paymentMethodId ?? row.paymentMethodId) : null,
  }));
  const statement = sql`
      with s as (
        select * from json_to_recordset(${JSON.stringify(sales)}::json) as s(purchase_id uuid, user_id uuid,
          building_id text, price_cents integer, charge_cents integer, intent_id text, card_id text)),
      locked as materialized (
        select p.building_id from properties p where p.building_id = any(array(select building_id from s))
        order by p.building_id for update),
      -- By id, through the primary key: the status compared as text, so the planner cannot take the partial indexes
      -- of pending purchases instead (where a table not vacuumed lately keeps every purchase that ever waited).
      -- Each row's place (ctid) is kept for the update that completes it: see completed.
      pending as materialized (
        select pu.id, pu.ctid as at from purchases pu
        where pu.id = any(array(select purchase_id from s)) and pu.status::text = 'pending'
        order by pu.id for update),
      -- A buyer whose account is deleted (or being deleted: the share lock waits for it) never owns: refunded.
      buyers as materialized (
        select u.id from users u where u.id = any(array(select user_id from s)) and u.deleted_at is null
        order by u.id for share),
      owned as (
        update properties p set owner_id = s.user_id, price_cents = s.price_cents, for_sale = false, ask_cents = null,
          sales = 1,
          updated_at = now()
        from s
        where p.building_id = any(array(select building_id from locked)) and p.building_id = s.building_id
          and s.purchase_id = any(array(select id from pending))
          and s.user_id = any(array(select id from buyers))
          and p.owner_id is null
        returning p.*),
      done as (select s.* from s join owned using (building_id)),
      payment as (
        insert into payment_intents
          (id, user_id, provider, purpose, property_id, amount_cents, currency, capture_method, status, payment_method_id)
        select intent_id, user_id,
          case when intent_id like 'paypal\_%' then 'paypal' else ${deps.gateway.kind}::text end, 'purchase', building_id, charge_cents, ${CURRENCY}, 'automatic',
          'succeeded', card_id from done where intent_id is not null),
      history as (
        insert into price_history (building_id, price_cents, kind) select building_id, price_cents, 'trade' from done),
      ${journals},
      -- Each purchase found at the place its lock found it (nothing else in this statement moves it): by id, a plan
      -- made while the table was small read the whole table once for every purchase, half the statement's time.
      completed as (
        update purchases p set status = 'completed', payment_intent_id = done.intent_id, awaiting_until = null,
          updated_at = now()
        from done join pending on pending.id = done.purchase_id where p.ctid = pending.at),
      -- Every watcher of a building bought, but its buyer, hears of the sale (one index probe when none watches).
      ${watchAlertCtes(
        "watch.sold",
        sql`select done.building_id, jsonb_build_array(done.user_id::text) as quiet,
          jsonb_build_object('price', (done.price_cents / 100.0)::float8) as payload from done`,
      )}
      -- Each property as its buyer now sees it: the rows just written, with their buildings and new owners.
      select done.purchase_id::text, done.building_id, ${propertyJson()} as property
      from done join owned as properties on properties.building_id = done.building_id
        join buildings on buildings.id = done.building_id
        left join users on users.id = properties.owner_id`;
  return { statement, buildingIds: sales.map((s) => s.building_id) };
}

/** The processor keys of a purchase: fixed by its id, so every retry and every recovery uses the same ones. */
export const purchaseChargeKey = (purchaseId: string) => `purchase:${purchaseId}`;
export const purchaseRefundKey = (purchaseId: string) => `purchase-refund:${purchaseId}`;

/**
 * A purchase's charge as its row records it, so that recovery can find the intent it may have made (see
 * findPaymentIntent): the same key, amount, metadata and payment method as the purchase operation's charge.
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
function purchaseMetadata(purchaseId: string, buildingId: string, userId: string, totalCents: number) {
  return { purpose: "purchase", purchaseId, buildingId, userId, amountCents: String(totalCents) };
}

/** A completed purchase as its buyer sees it. */
export async function boughtOf(deps: AppDeps, purchase: typeof purchases.$inferSelect): Promise<Bought> {
  const [row] = await selectProperties(deps.db).where(eq(properties.buildingId, purchase.buildingId));
  if (!row) throw new AppError("NOT_FOUND", `No building with id ${purchase.buildingId}.`);
  return boughtWith(purchase, presentProperty(row), purchase.paymentIntentId ?? "");
}
