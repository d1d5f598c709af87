import { type Outcome, succeeded } from "@mx/kit/batcher";
import { queryRows } from "@mx/kit/sql";
import type { GatewayIntent } from "@mx/processors/gateway";
import { CURRENCY, DEVELOPMENTS, type DevelopmentKind } from "@mx/shared/constants";
import { formatCents } from "@mx/shared/money";
import type { DevelopData } from "@mx/shared/schemas/developments";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import type { AppDeps } from "../../deps";
import { alertWatchers } from "../alerts/alert-watchers";
import { displayName, type PropertyRow, propertyJson, propertyOfJson } from "../buildings/present-property";
import { publishPublicMany } from "../events/publish";
import { journalsCtes } from "../ledger/ledger";
import { isPaypalIntent } from "../payments/paypal-gateway";
import type { BuildingState } from "./building-state";
import { readStates } from "./building-state";
import { chargeOf, type DevelopmentRow, developmentEntries } from "./development-rows";
import { developedFrom } from "./present-development";

type Item = { row: DevelopmentRow; intent: GatewayIntent | null };
type Starting = Item & { completesAt: Date };

/**
 * Step 3 for many developments, in one transaction: their buildings locked (as step 1 locks them) and read; every
 * one whose building is still the owner's, not for sale and at the level below started in one statement (the row
 * `constructing`, the building's `constructing_until`, the payment, the journal); then every map told. Each gets
 * its answer, or null when its building changed meanwhile (its money then goes back).
 */
export async function settleDevelopments(
  deps: AppDeps,
  items: Item[],
): Promise<Outcome<DevelopData | null>[]> {
  const { db, gateway } = deps;
  const buildingIds = [...new Set(items.map(({ row }) => row.buildingId))];
  return db.transaction(async (tx) => {
    const states = await readStates(tx, buildingIds, { lockRows: true });
    const starting = stillStartable(items, states);
    if (starting.length === 0) return items.map(() => succeeded(null));
    const started = await startConstructions(tx, gateway.kind, starting);
    const begun = starting.filter(({ row }) => started.has(row.id));
    await announceStarts(tx, begun, started);
    return items.map(({ row }) =>
      started.has(row.id) ? succeeded(developedFrom(row, started.get(row.id))) : succeeded(null),
    );
  });
}

/**
 * The developments whose building is still the owner's, not for sale, not under construction and at the level
 * below, each with when its construction would complete. The building changed hands, went on sale or was developed
 * meanwhile: that one's money goes back.
 */
function stillStartable(items: Item[], states: Map<string, BuildingState>): Starting[] {
  const now = Date.now();
  return items
    .map(({ row, intent }) => ({ row, intent, completesAt: new Date(now + row.durationSeconds * 1000) }))
    .filter(({ row }) => {
      const state = states.get(row.buildingId);
      return (
        state &&
        state.ownerId === row.userId &&
        !state.forSale &&
        state.constructingUntil === null &&
        state.developmentLevel === row.level - 1
      );
    });
}

/**
 * Starts every construction in one named statement (the row `constructing`, the building's `constructing_until`,
 * the payment, the journal), of rows still reserved; those it started (by id), each with its property as it now
 * stands.
 */
async function startConstructions(
  tx: Tx,
  processor: string,
  starting: Starting[],
): Promise<Map<string, PropertyRow | undefined>> {
  const starts = starting.map(({ row, intent, completesAt }) => ({
    id: row.id,
    user_id: row.userId,
    building_id: row.buildingId,
    completes_at: completesAt.toISOString(),
    intent_id: intent?.id ?? null,
    provider: intent && isPaypalIntent(intent.id) ? "paypal" : processor,
    charge_cents: chargeOf(row),
    card_id: intent?.paymentMethodId ?? null,
  }));
  const journals = journalsCtes(
    starting.map(({ row }) => ({
      when: row.id,
      journal: {
        kind: "development",
        reference: row.id,
        building: { id: row.buildingId },
        memo: `${DEVELOPMENTS[row.kind as DevelopmentKind]?.name ?? row.kind} of ${row.buildingId} for ${formatCents(row.costCents)}`,
        entries: developmentEntries(row),
      },
    })),
    { name: "started", column: "id" },
  );
  const started = await queryRows<{ id: string; property: Record<string, unknown> | null }>(
    tx,
    sql`
      with s as (
        select * from json_to_recordset(${JSON.stringify(starts)}::json) as s(id uuid, user_id uuid, building_id text,
          completes_at timestamptz, intent_id text, provider text, charge_cents integer, card_id text)),
      started as (
        update developments d set state = 'constructing', completes_at = s.completes_at,
          payment_intent_id = s.intent_id, awaiting_until = null, updated_at = now()
        -- By id, through the primary key: the state compared as text, so that the planner cannot take the partial
        -- indexes of open developments instead (where a table not vacuumed lately keeps every one that ever was).
        from s where d.id = any(array(select id from s)) and d.id = s.id and d.state::text = 'reserved'
        returning d.id, d.building_id),
      building as (
        update properties p set constructing_until = s.completes_at, updated_at = now()
        from s join started on started.id = s.id
        where p.building_id = any(array(select building_id from started)) and p.building_id = s.building_id
        returning p.*),
      payment as (
        insert into payment_intents
          (id, user_id, provider, purpose, property_id, amount_cents, currency, capture_method, status, payment_method_id)
        select s.intent_id, s.user_id, s.provider, 'development', s.building_id, s.charge_cents, ${CURRENCY},
          'automatic', 'succeeded', s.card_id
        from s join started on started.id = s.id where s.intent_id is not null
        on conflict do nothing),
      ${journals}
      -- Each started one with its property as it now stands: the rows just written, their buildings and owners.
      select started.id::text,
        case when properties.building_id is null then null else ${propertyJson()} end as property
      from started left join building as properties on properties.building_id = started.building_id
        left join buildings on buildings.id = started.building_id
        left join users on users.id = properties.owner_id`,
    "start-developments",
  );
  return new Map(started.map((r) => [r.id, r.property === null ? undefined : propertyOfJson(r.property)]));
}

/**
 * The started rows brought up to date, every map told of their constructions, and every other watcher of each
 * building (the owners acted) alerted, all in one statement. `present`: each started one's property, by its id.
 */
async function announceStarts(
  tx: Tx,
  begun: Starting[],
  present: Map<string, PropertyRow | undefined>,
): Promise<void> {
  const events = [];
  for (const { row, intent, completesAt } of begun) {
    row.state = "constructing";
    row.completesAt = completesAt;
    row.paymentIntentId = intent?.id ?? null;
    const property = present.get(row.id);
    if (!property) continue;
    events.push({
      type: "building.developing" as const,
      buildingId: row.buildingId,
      mapId: property.mapId ?? 0,
      name: displayName(property),
      price: (property.priceCents ?? 0) / 100,
      forSale: property.forSale ?? false,
      ownerId: property.ownerId,
      color: property.ownerId ? (property.ownerColor ?? null) : null,
      level: row.level,
      kind: row.kind,
      completesAt: Math.ceil(completesAt.getTime() / 1000),
    });
  }
  await publishPublicMany(tx, events);
  await alertWatchers(
    tx,
    "watch.development_started",
    begun.map(({ row, completesAt }) => ({
      buildingId: row.buildingId,
      quiet: [row.userId],
      payload: {
        kind: row.kind,
        name: DEVELOPMENTS[row.kind as DevelopmentKind]?.name ?? row.kind,
        level: row.level,
        completesAt: Math.ceil(completesAt.getTime() / 1000),
      },
    })),
  );
}
