import { BUY_PROCESSING_FEE_CENTS, CURRENCY, SALES_TAX_CENTS } from "@mx/shared/constants";
import { formatCents } from "@mx/shared/money";
import type { Property } from "@mx/shared/schemas/properties";
import { and, eq, inArray, sql } from "drizzle-orm";
import { properties } from "../../db/schema/buildings";
import { purchases } from "../../db/schema/purchases";
import type { AppDeps } from "../../deps";
import { failed, type Outcome, settleEach, succeeded } from "../../lib/batcher";
import { crashPoint } from "../../lib/crash-points";
import { AppError } from "../../lib/errors";
import { queryRows } from "../../lib/sql";
import { presentProperty, selectProperties } from "../buildings/present-property";
import { publishPublicMany } from "../events/publish";
import { accounts, journalsCtes } from "../ledger/ledger";
import { releasePurchaseCredits } from "../offerwall/credits";
import type { ActionRequired } from "../payments/bank-check";
import type { FindIntentInput, GatewayIntent } from "../payments/gateway";

/*
 * The settling half of a purchase: once a purchase is charged, its ownership written (or its money given back) and
 * its sale announced. The request (buy-property.ts), recovery (reconcile-purchases.ts) and the processor's webhook
 * all settle purchases through here; this file imports none of them.
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
export type NeedsAction = { purchaseId: string; action: ActionRequired };
export type BuyResult = Bought | NeedsAction;

/**
 * One purchase asked for. Its id, and so its processor keys (`purchase:<id>`, `purchase-refund:<id>`), are fixed
 * here, before any batch runs: a batch run again (after a throw) reuses them, so the processor can never be asked
 * twice for one purchase under two keys.
 */
export type Order = {
  purchaseId: string;
  userId: string;
  key: string;
  priceCents: number;
  paymentMethodId: string | null;
  /** Offer-wall credits to spend (cents); the card is charged total − credits. */
  creditsCents: number;
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
export const chargeOf = (c: { totalCents: number; order: Order }) => c.totalCents - c.order.creditsCents;

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

export async function settle(
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

export async function boughtOf(deps: AppDeps, purchase: typeof purchases.$inferSelect): Promise<Bought> {
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
