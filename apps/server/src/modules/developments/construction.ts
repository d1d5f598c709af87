import { queryRows } from "@mx/kit/sql";
import { DEVELOPMENTS, type DevelopmentKind } from "@mx/shared/constants";
import { inArray, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { buildings } from "../../db/schema/buildings";
import type { AppDeps } from "../../deps";
import { alertWatchers } from "../alerts/alert-watchers";
import { lockBuildings } from "../buildings/lock-buildings";
import { displayName, selectProperties } from "../buildings/present-property";
import { publishPublicMany, recordActivity } from "../events/publish";

type Finished = {
  building_id: string;
  user_id: string;
  kind: string;
  level: number;
  price_cents: number;
  owner_id: string | null;
};

/**
 * Settles every construction that has ended (of `buildingIds`, or all): the development completed, the building's
 * price raised by its cost with a price-history point at the moment it ended, and the construction cleared, in one
 * statement; then, in the same transaction, the owner's notification and every map's event. Each construction is
 * settled once, whoever gets there first (a read, a write, or the job), so each is announced once.
 *
 * This is how the risen price is what every read and write sees right after `completesAt`: the reads and writes
 * of a building's price (its details, the leaderboard, buying, bids, asks, developing) call this first. A cheap
 * look comes first, so that nothing is written when nothing is due.
 */
export async function settleDueDevelopments(db: Db, buildingIds: string[] | null = null): Promise<number> {
  const ids = buildingIds === null ? null : JSON.stringify(buildingIds);
  const [due] = await queryRows<{ due: boolean }>(
    db,
    sql`select exists (select 1 from properties p where p.constructing_until <= now()
      ${ids === null ? sql`` : sql`and p.building_id = any(array(select json_array_elements_text(${ids}::json)))`}) as due`,
  );
  if (!due?.due) return 0;
  return db.transaction(async (tx) => settleDueIn(tx, ids));
}

async function settleDueIn(tx: Queryable, ids: string | null): Promise<number> {
  // Their buildings locked first, in building order, as every change to a building takes them.
  const dueBuildings = await queryRows<{ building_id: string }>(
    tx,
    sql`select d.building_id from developments d where d.state = 'constructing' and d.completes_at <= now()
      ${ids === null ? sql`` : sql`and d.building_id = any(array(select json_array_elements_text(${ids}::json)))`}`,
  );
  if (dueBuildings.length === 0) return 0;
  await lockBuildings(
    tx,
    dueBuildings.map((d) => d.building_id),
  );
  const finished = await queryRows<Finished>(
    tx,
    sql`
    with due as (
      update developments d set state = 'completed', updated_at = now()
      where d.state = 'constructing' and d.completes_at <= now()
        ${ids === null ? sql`` : sql`and d.building_id = any(array(select json_array_elements_text(${ids}::json)))`}
      returning d.building_id, d.user_id, d.kind, d.level, d.cost_cents, d.completes_at),
    raised as (
      update properties p set price_cents = p.price_cents + due.cost_cents,
        development_level = greatest(p.development_level, due.level), constructing_until = null, updated_at = now()
      from due where p.building_id = due.building_id
      returning p.building_id, p.price_cents, p.owner_id),
    history as (
      insert into price_history (building_id, price_cents, created_at, kind)
      select raised.building_id, raised.price_cents, due.completes_at, 'development' from raised join due using (building_id))
    select due.building_id, due.user_id, due.kind, due.level, raised.price_cents, raised.owner_id
    from due join raised using (building_id)`,
  );
  if (finished.length === 0) return 0;
  await announceFinished(tx, finished);
  return finished.length;
}

/**
 * Announces the constructions just settled, in the same transaction: each owner's notification, then every map's
 * event, then every other watcher's alert.
 */
async function announceFinished(tx: Queryable, finished: Finished[]): Promise<void> {
  const rows = await selectProperties(tx).where(
    inArray(
      buildings.id,
      finished.map((f) => f.building_id),
    ),
  );
  const byId = new Map(rows.map((row) => [row.buildingId, row]));
  const events = [];
  for (const f of finished) {
    const row = byId.get(f.building_id);
    if (!row) continue;
    const name = displayName(row);
    events.push({
      type: "building.developed" as const,
      buildingId: f.building_id,
      mapId: row.mapId ?? 0,
      name,
      price: f.price_cents / 100,
      forSale: row.forSale ?? false,
      ownerId: row.ownerId,
      color: row.ownerId ? (row.ownerColor ?? null) : null,
      level: f.level,
      kind: f.kind,
    });
    // The owner now: a building whose owner deleted their account meanwhile keeps its development, told to no one.
    if (f.owner_id) {
      await recordActivity(tx, f.owner_id, "development.completed", {
        buildingId: f.building_id,
        propertyName: name,
        kind: f.kind,
        name: DEVELOPMENTS[f.kind as DevelopmentKind]?.name ?? f.kind,
        level: f.level,
        price: f.price_cents / 100,
      });
    }
  }
  await publishPublicMany(tx, events);
  // Every watcher but the owner, whose own activity is above, in one statement for all of them.
  await alertWatchers(
    tx,
    "watch.development_finished",
    finished.map((f) => ({
      buildingId: f.building_id,
      quiet: [f.owner_id],
      payload: {
        kind: f.kind,
        name: DEVELOPMENTS[f.kind as DevelopmentKind]?.name ?? f.kind,
        level: f.level,
        price: f.price_cents / 100,
      },
    })),
  );
}

/** When the next construction under way ends, if any: what cached reads of prices must not outlive. */
export async function nextCompletion(q: Queryable): Promise<number | null> {
  const [row] = await queryRows<{ at: string | null }>(
    q,
    sql`select min(constructing_until)::text as at from properties where constructing_until is not null`,
  );
  return row?.at ? new Date(row.at).getTime() : null;
}

/** The job's work: settles (and so announces) every construction that has ended. */
export async function announceCompletions(deps: AppDeps): Promise<number> {
  return settleDueDevelopments(deps.db, null);
}
